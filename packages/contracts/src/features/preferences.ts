import { z } from 'zod';
import { int, patterned } from '../fields';
import { Empty, endpoint } from '../endpoint';

/**
 * A user's own preferences, kept by the server so that they follow the user from one machine to the next
 * (ADR 0135). Today: the columns a user hid in a list with many columns (the column chooser).
 *
 * Payloads:
 * - columns (GET): every list the user chose columns of → `[{ table, hidden, rowVersion }]`.
 * - saveColumns `{ table, hidden, rowVersion? }` → the saved choice. The first save of a list sends rowVersion 0;
 *   later ones the version read. A stale version (a save from another machine came first), or a first save of a
 *   list already saved, answers 409 with `PREFERENCE_MESSAGES.changed`.
 */
export const PREFERENCE_MESSAGES = {
  changed: 'Your column choice was changed meanwhile (on another screen or machine): it is shown as saved there. Choose again.',
  badTable: 'Unknown list',
  badColumn: 'Unknown column',
} as const;

/** A list's name for its column choice ('carbohydrates', 'leaf-results'). */
export const TableKey = patterned(/^[a-z][a-z0-9-]*$/, PREFERENCE_MESSAGES.badTable, 40);
/** A column's id in its list. */
export const ColumnKey = patterned(/^[A-Za-z][A-Za-z0-9_.-]*$/, PREFERENCE_MESSAGES.badColumn, 40);

export const ColumnPreference = z.object({ table: z.string(), hidden: z.array(z.string()), rowVersion: z.number().int() });
export type ColumnPreference = z.output<typeof ColumnPreference>;

export const ColumnPreferenceSave = z.object({
  table: TableKey,
  /** the columns hidden; at most a list's columns */
  hidden: z.array(ColumnKey).max(100, 'At most 100 columns'),
  /** the version read; 0 for a list never saved */
  rowVersion: int({ min: 0, message: 'Version required' }),
});
export type ColumnPreferenceSave = z.input<typeof ColumnPreferenceSave>;

export const preferencesEndpoints = {
  columns: endpoint({ method: 'GET', path: '/api/preferences/columns', access: { session: true }, input: Empty, output: z.array(ColumnPreference) }),
  saveColumns: endpoint({
    method: 'POST', path: '/api/preferences/columns/save', writes: { version: 'rowVersion' }, access: { session: true },
    input: ColumnPreferenceSave, output: ColumnPreference,
  }),
};
