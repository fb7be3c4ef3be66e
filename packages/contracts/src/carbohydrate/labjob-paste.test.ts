import { describe, expect, it } from 'vitest';
import { isMultiPaste, naturalSampleCompare, nextSampleNumber, parsePaste, parsePastedDate } from './labjob-paste';
import { AT_LEAST_ONE_ENTRY, entryErrors, jobEntriesErrors, propagateHeader } from './labjob-rules';

describe('parsePaste', () => {
  it('splits by newline and maps tab-separated cells onto the fields in column order', () => {
    const rows = parsePaste('A001\tAcme\tAgent A\tDr B\tFarm 1\tB7\t2026-10-01\tRoots\tPecan\tWichita\tHartswater\tDormancy\r\nA002\tBeta\r\n\r\n');
    expect(rows).toEqual([
      { sampleNumber: 'A001', entity: 'Acme', agent: 'Agent A', agronomist: 'Dr B', farmName: 'Farm 1', fieldBlockNumber: 'B7', sampleDate: '2026-10-01', tissue: 'Roots', crop: 'Pecan', cultivar: 'Wichita', region: 'Hartswater', growth: 'Dormancy' },
      { sampleNumber: 'A002', entity: 'Beta' },
    ]);
  });
  it('splits by tab when there is no newline: each value is a sample number', () => {
    expect(parsePaste('S1\tS2\t\tS3')).toEqual([{ sampleNumber: 'S1' }, { sampleNumber: 'S2' }, { sampleNumber: 'S3' }]);
  });
  it('gives one row for one value and none for blank text', () => {
    expect(parsePaste('X9')).toEqual([{ sampleNumber: 'X9' }]);
    expect(parsePaste(' \n')).toEqual([]);
  });
  it('knows a multi-value paste', () => {
    expect(isMultiPaste('a\tb')).toBe(true);
    expect(isMultiPaste('a\nb')).toBe(true);
    expect(isMultiPaste('a\n')).toBe(false);
  });
});

describe('nextSampleNumber', () => {
  it.each([
    ['A009', 'A010'], ['A999', 'A1000'], ['S1', 'S2'], ['2026-0099', '2026-0100'], ['0', '1'], ['ABC', ''], ['', ''], ['A1B', ''],
  ])('%s → %s', (prev, next) => expect(nextSampleNumber(prev)).toBe(next));
});

describe('naturalSampleCompare and dates', () => {
  it('sorts sample numbers naturally', () => {
    expect(['S10', 'S2', 's1'].sort(naturalSampleCompare)).toEqual(['s1', 'S2', 'S10']);
  });
  it('reads pasted dates', () => {
    expect(parsePastedDate('2026-10-05')?.getDate()).toBe(5);
    expect(parsePastedDate('05/10/2026')?.getMonth()).toBe(9);
    expect(parsePastedDate('31/02/2026')).toBeNull();
    expect(parsePastedDate('soon')).toBeNull();
  });
});

describe('entry rules', () => {
  const ok = { entity: 'E', agent: 'A', agronomist: 'G', farmName: 'F', fieldBlockNumber: 'B', tissueId: 1, cropId: 1, cultivarId: 1, testCarboCropGrowthId: 1 };
  it('accepts a complete entry', () => expect(entryErrors(ok)).toEqual([]));
  it('names every blank text and every id not above 0', () => {
    const errors = entryErrors({ entity: ' ', agent: '', agronomist: '', farmName: '', fieldBlockNumber: '', tissueId: 0, cropId: null, cultivarId: -1, testCarboCropGrowthId: 0 });
    expect(errors.map((e) => e.message)).toEqual([
      'Entity required', 'Agent required', 'Agronomist required', 'Farm name required', 'Field block number required',
      'Growth required', 'Tissue required', 'Crop required', 'Cultivar required',
    ]);
  });
  it('requires at least one entry and names row and field', () => {
    expect(jobEntriesErrors([])).toEqual([{ field: 'entries', message: AT_LEAST_ONE_ENTRY }]);
    expect(jobEntriesErrors([ok, { ...ok, farmName: '' }])).toEqual([{ field: 'entries.1.farmName', message: 'Row 2: Farm name required' }]);
  });
  it('propagates header edits: text to all, tissue and growth only to matching entries', () => {
    const header = { ...ok, regionId: null };
    const entries = [{ ...header }, { ...header, tissueId: 2, testCarboCropGrowthId: 5 }];
    const afterTissue = propagateHeader(entries, 'tissueId', header, { ...header, tissueId: 3 });
    expect(afterTissue.map((e) => e.tissueId)).toEqual([3, 2]);
    const afterGrowth = propagateHeader(entries, 'testCarboCropGrowthId', header, { ...header, testCarboCropGrowthId: 9 });
    expect(afterGrowth.map((e) => e.testCarboCropGrowthId)).toEqual([9, 5]);
    const afterEntity = propagateHeader(entries, 'entity', header, { ...header, entity: 'New' });
    expect(afterEntity.map((e) => e.entity)).toEqual(['New', 'New']);
    const afterCrop = propagateHeader(entries, 'cropId', header, { ...header, cropId: 4, cultivarId: null, testCarboCropGrowthId: null });
    expect(afterCrop.map((e) => [e.cropId, e.cultivarId, e.testCarboCropGrowthId])).toEqual([[4, null, null], [4, null, null]]);
  });
});
