import type { CellRegistry } from './gridNav';
import type { RowValues } from './rowModel';
import type { RowKey, RowSaves } from './rowSaves';

/** How many lines, and row numbers a line, the grid's message holds; the rest are counted. */
const NAMED = 12;

/**
 * The grid's message for rows whose save failed, by their place ('Row 140: Must not be negative'; rows with the same
 * message on one line, 'Rows 3, 140: …'), in the rows' order: a long grid draws only the rows in view
 * (gridWindow.ts), so a row not drawn is found by its number.
 */
export function failedRowLines(failed: readonly { index: number; message: string }[]): string[] {
  const byMessage = new Map<string, number[]>();
  for (const f of [...failed].sort((a, b) => a.index - b.index)) byMessage.set(f.message, [...(byMessage.get(f.message) ?? []), f.index + 1]);
  const lines = [...byMessage].slice(0, NAMED).map(([message, rows]) => {
    const named = rows.slice(0, NAMED).join(', ') + (rows.length > NAMED ? ` and ${rows.length - NAMED} more` : '');
    return `${rows.length === 1 ? 'Row' : 'Rows'} ${named}: ${message}`;
  });
  return byMessage.size > NAMED ? [...lines, `… and ${byMessage.size - NAMED} more messages`] : lines;
}

/**
 * After a save of several rows (a paste or CSV applied, a Save of the whole grid): the rows among `keys` whose save
 * failed named in the grid's message (`lead` first), and the first of them brought into view, its first cell with a
 * message focused (else its first cell). False, and nothing said, when none failed.
 */
export function tellFailedRows<R extends RowValues, C extends string>(
  g: { rows: () => R[]; key: (row: R) => RowKey; columns: readonly C[]; saves: RowSaves<R>; cells: CellRegistry<C>; say: (m: string | null) => void },
  keys: readonly RowKey[],
  lead?: string,
): boolean {
  const asked = new Set(keys);
  const failed = g.rows().flatMap((row, index) => {
    const key = g.key(row);
    const st = asked.has(key) ? g.saves.status.get(key) : undefined;
    return st?.state === 'failed' ? [{ index, key, message: st.message }] : [];
  });
  if (failed.length === 0) return false;
  g.say([...(lead ? [lead] : []), ...failedRowLines(failed)].join('\n'));
  const first = failed[0];
  const marked = g.saves.fieldsOf(first.key);
  g.cells.focus(first.index, g.columns.find((c) => marked.includes(c)) ?? g.columns[0]);
  return true;
}
