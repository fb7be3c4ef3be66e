import { describe, expect, it } from 'vitest';
import { keyTarget, keyTargetShown } from './keyboard';
import { cellMessages, columnPlan, putValues, sameValues, withNa } from './rowModel';
import { z } from 'zod';
import { ApiError } from '../../../lib/api';
import { RowSaves, type SaveHost } from './rowSaves';
import { createSaveQueue } from './saveQueue';

const NA = { flag: 'na', values: ['sugar', 'starch'] };
type Row = { id: number; sn: string; sugar: number | null; starch: number | null; na: boolean };
const row = (id: number, na = false, sugar: number | null = null): Row => ({ id, sn: `R${id}`, sugar, starch: null, na });

describe('keyboard model', () => {
  const shape = { columns: ['sugar', 'starch'] as const, rows: 4, usable: (r: number) => r !== 2 };
  it('Enter goes down the column past N/A rows; on the last row it stays and leaves the row', () => {
    expect(keyTarget('enter', { row: 1, column: 'starch' }, shape)).toEqual({ to: { row: 3, column: 'starch' }, leaves: true });
    expect(keyTarget('enter', { row: 3, column: 'sugar' }, shape)).toEqual({ to: null, leaves: true });
  });
  it('Tab goes across, then to the next usable row; Shift+Tab back; Tab out of the last row leaves it', () => {
    expect(keyTarget('next', { row: 0, column: 'sugar' }, shape)).toEqual({ to: { row: 0, column: 'starch' }, leaves: false });
    expect(keyTarget('next', { row: 1, column: 'starch' }, shape)).toEqual({ to: { row: 3, column: 'sugar' }, leaves: true });
    expect(keyTarget('prev', { row: 3, column: 'sugar' }, shape)).toEqual({ to: { row: 1, column: 'starch' }, leaves: true });
    expect(keyTarget('next', { row: 3, column: 'starch' }, shape)).toEqual({ to: null, leaves: true });
  });
  it('arrows move between rows and columns, and stop at the edges', () => {
    expect(keyTarget('up', { row: 3, column: 'sugar' }, shape).to).toEqual({ row: 1, column: 'sugar' });
    expect(keyTarget('up', { row: 0, column: 'sugar' }, shape)).toEqual({ to: null, leaves: false });
    expect(keyTarget('right', { row: 0, column: 'sugar' }, shape).to).toEqual({ row: 0, column: 'starch' });
    expect(keyTarget('right', { row: 0, column: 'starch' }, shape).to).toBeNull();
    expect(keyTarget('left', { row: 0, column: 'sugar' }, shape).to).toBeNull();
  });
  it('rows drawn in another order than stored: Enter, the arrows and Tab\'s wrap go to the row drawn next (N/A rows still skipped)', () => {
    // stored 0..4, drawn 0, 3, 4, 1, 2 (rows 3 and 4 pasted past the first group's end); row 4 N/A
    const drawn = { columns: ['sugar', 'starch'] as const, rows: 5, usable: (r: number) => r !== 4 };
    const order = [0, 3, 4, 1, 2];
    expect(keyTargetShown('enter', { row: 0, column: 'sugar' }, drawn, order)).toEqual({ to: { row: 3, column: 'sugar' }, leaves: true });
    expect(keyTargetShown('enter', { row: 3, column: 'sugar' }, drawn, order).to).toEqual({ row: 1, column: 'sugar' });
    expect(keyTargetShown('down', { row: 1, column: 'starch' }, drawn, order).to).toEqual({ row: 2, column: 'starch' });
    expect(keyTargetShown('up', { row: 1, column: 'sugar' }, drawn, order).to).toEqual({ row: 3, column: 'sugar' });
    expect(keyTargetShown('up', { row: 3, column: 'sugar' }, drawn, order).to).toEqual({ row: 0, column: 'sugar' });
    expect(keyTargetShown('next', { row: 3, column: 'starch' }, drawn, order).to).toEqual({ row: 1, column: 'sugar' });
    expect(keyTargetShown('prev', { row: 1, column: 'sugar' }, drawn, order).to).toEqual({ row: 3, column: 'starch' });
    // the last row drawn (not the last stored) leaves; a row not drawn goes nowhere; no order: the stored order
    expect(keyTargetShown('enter', { row: 2, column: 'sugar' }, drawn, order)).toEqual({ to: null, leaves: true });
    expect(keyTargetShown('enter', { row: 9, column: 'sugar' }, drawn, order)).toEqual({ to: null, leaves: false });
    expect(keyTargetShown('enter', { row: 0, column: 'sugar' }, drawn).to).toEqual({ row: 1, column: 'sugar' });
  });
});

describe('row model', () => {
  it('compares values with undefined as null and dates by time', () => {
    expect(sameValues({ a: undefined, d: new Date(5) }, { a: null, d: new Date(5) }, ['a', 'd'])).toBe(true);
    expect(sameValues({ a: 1 }, { a: 2 }, ['a'])).toBe(false);
  });
  it('an N/A row takes no values: marking it empties them; values put into it are refused unless it is un-N/A-ed', () => {
    expect(withNa(row(1, false, 5), NA, true)).toMatchObject({ na: true, sugar: null, starch: null });
    expect(putValues(row(1, true), { sugar: 3 }, NA)).toBeNull();
    expect(putValues(row(1, true), { sugar: 3 }, NA, true)).toMatchObject({ na: false, sugar: 3 });
    expect(putValues(row(1, false), { sugar: 3 }, NA)).toMatchObject({ sugar: 3 });
  });
  it('a pasted column skips N/A rows and names them, and says the values left over', () => {
    const plan = columnPlan([row(1), row(2, true), row(3)], 0, 'sugar', [1, 2, 3], { na: NA, label: (r) => r.sn, columnName: 'Sugar' });
    expect(plan.rows.map((r) => [r.index, r.to.sugar])).toEqual([[0, 1], [2, 2]]);
    expect(plan.notes).toEqual(['N/A rows take no values and are skipped: R2.', '1 pasted value has no row left and will not be used.']);
    expect(plan.title).toBe('Paste Sugar · 2 rows');
  });
  it("puts a 400's fields at their cells", () => {
    const r = cellMessages([{ field: 'entries.3.sampleNumber', message: 'Row 4: Sample number required' }, { field: 'receivedOn', message: 'Bad date' }], /^entries\.(\d+)\.(\w+)$/);
    expect(r).toEqual({ cells: [{ row: 3, field: 'sampleNumber', message: 'Sample number required' }], rest: ['Bad date'] });
  });
});

describe('save queue', () => {
  it("runs a row's saves one after another, and survives a failed one", async () => {
    const q = createSaveQueue<number>();
    const log: string[] = [];
    let release!: () => void;
    const first = q.run(1, () => new Promise<void>((r) => { release = () => { log.push('a'); r(); }; }));
    const failed = q.run(1, async () => { log.push('b'); throw new Error('x'); });
    const third = q.run(1, async () => { log.push('c'); });
    expect(q.busy(1)).toBe(true);
    await Promise.resolve();
    expect(log).toEqual([]);
    release();
    await Promise.all([first, failed, third, q.pending()]);
    expect(log).toEqual(['a', 'b', 'c']);
  });
});

describe('a save of several rows refused together', () => {
  const setup = () => {
    const said: (string | null)[] = [];
    const host: SaveHost<Row> = {
      rowOf: (key) => row(Number(key)), label: (key) => `Sample R${key}`, values: ['sugar', 'starch', 'na'], schema: z.any(),
      settle: () => undefined, say: (m) => void said.push(m), ask: async () => true, describe: () => '',
    };
    return { saves: new RowSaves<Row>(() => host, () => undefined), said };
  };
  const ENTRY = /^entries\.(\d+)\.(\w+)$/;

  it("puts a 400's fields at the cells of the rows they name, fails those rows, and says each", () => {
    const { saves, said } = setup();
    const err = new ApiError(400, { message: 'Validation failed', fields: [{ field: 'entries.1.starch', message: 'Outside 0–40 %' }, { field: 'entries.2.sugar', message: 'Outside 0–30 %' }, { field: 'reason', message: 'Reason needed' }] });
    saves.refusedTogether([7, 8, 9], err, ENTRY);
    expect([saves.cells.get('8:starch'), saves.cells.get('9:sugar'), saves.cells.get('7:sugar')]).toEqual(['Outside 0–40 %', 'Outside 0–30 %', undefined]);
    expect([saves.status.get(7), saves.status.get(8)]).toEqual([undefined, { state: 'failed', message: 'Outside 0–40 %', conflict: false }]);
    expect(said).toEqual(['Sample R8: Outside 0–40 %\nSample R9: Outside 0–30 %\nReason needed']);
  });

  it('says any other refusal above the rows, touching none', () => {
    const { saves, said } = setup();
    saves.refusedTogether([7], new ApiError(409, { message: 'Changed by someone else' }), ENTRY);
    expect(saves.status.get(7)).toBeUndefined();
    expect(said).toEqual(['Changed by someone else']);
  });
});
