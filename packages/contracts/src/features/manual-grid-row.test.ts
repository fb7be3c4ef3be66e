import { describe, expect, it } from 'vitest';
import { MANUAL_GRID_ROW_FIELDS, manualGridRow } from './manual-grid-row';
import { type ManualKind, manualColumnsOf } from './manual-result-csv';

const KINDS: ManualKind[] = ['leaf', 'soil'];

describe('the manual entry grid row', () => {
  it.each(KINDS)("no %s value code is one of the row's own fields (they share the row's keys)", (kind) => {
    const codes = manualColumnsOf(kind).map((c) => c.code);
    expect(codes.filter((c) => (MANUAL_GRID_ROW_FIELDS as readonly string[]).includes(c))).toEqual([]);
  });

  it.each(KINDS)('a %s row with every value typed and N/A off passes the row rules', (kind) => {
    const values = Object.fromEntries(manualColumnsOf(kind).map((c) => [c.code, '1']));
    const row = { sampleId: 1, sampleNumber: 'S1', labNumber: 'L1', isNa: false, ...values };
    const result = manualGridRow(kind).safeParse(row);
    expect(result.success ? [] : result.error.issues.filter((i) => i.message !== '' && !/usual/.test(i.message)).map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([]);
  });

  it("the farmers' sodium cell (code na) holds text beside the row's N/A flag", () => {
    const row = { sampleId: 1, sampleNumber: 'S1', labNumber: '', isNa: false, na: '12' };
    expect(manualGridRow('soil').safeParse(row).success).toBe(true);
    const naWithValue = manualGridRow('soil').safeParse({ ...row, isNa: true });
    expect(naWithValue.success ? [] : naWithValue.error.issues.map((i) => i.path.join('.'))).toEqual(['isNa']);
  });
});
