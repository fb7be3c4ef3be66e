import type { z } from 'zod';
import { ApiError } from '../../../lib/api';
import { createRowStatusStore, type RowSaveStatus, type RowStatusStore } from './rowStatus';
import { type RowValues, cellMessages, sameValues } from './rowModel';
import { createSaveQueue, createSavedRows } from './saveQueue';

export type RowKey = string | number;

/** A per-row save of a grid: its endpoint's call, the input of a row at a version, the version answered, the row read again (after a 409). */
export interface RowSaver<R extends RowValues> {
  call: (row: R, version: number) => Promise<number>;
  /** what the server holds now for the row; undefined: no longer there */
  fresh: (key: RowKey) => Promise<{ row: R; version: number } | undefined>;
  /** the row's field a 400's field names (default: as named) */
  field?: (serverField: string) => string;
}

/** What a save needs from its host grid, read at the time of the save. */
export interface SaveHost<R extends RowValues> {
  rowOf: (key: RowKey) => R | undefined;
  label: (key: RowKey) => string;
  values: readonly string[];
  schema: z.ZodType;
  /** the row's values are now the server's: the form's baseline (only the fields not typed over since, unless `all`) */
  settle: (key: RowKey, row: R, all: boolean) => void;
  /** the message of the grid (above the rows); null clears it */
  say: (message: string | null) => void;
  ask: (message: string, title: string) => Promise<boolean>;
  describe: (row: R) => string;
  /** before a save: the rows held back (a reason not given; the host marks them itself). A declined unusual value is sent: the server refuses it */
  before?: (rows: R[]) => Promise<Set<RowKey>>;
  /** a refused save (the host may react: a reason asked) */
  refused?: (err: unknown) => void;
}

const messageOf = (err: unknown) =>
  err instanceof ApiError ? (err.body?.fields?.map((f) => f.message).join('; ') || err.message) : 'Operation has failed';

/**
 * The saves of a grid's rows: what the server holds (values and version), each row's status, its cells' messages
 * (a 400's fields, the contract's row rules), the queue (a row's second save waits for the first's new version),
 * and Retry (after a 409: the other user's values, and the choice to keep mine or take theirs).
 */
export class RowSaves<R extends RowValues> {
  readonly status: RowStatusStore<RowKey, RowSaveStatus> = createRowStatusStore<RowKey, RowSaveStatus>();
  /** messages at cells, by `${key}:${field}` */
  readonly cells: RowStatusStore<string, string> = createRowStatusStore<string, string>();
  readonly held = createSavedRows<RowKey, R>();
  private readonly queue = createSaveQueue<RowKey>();
  private savedAny = false;
  private cellKeys = new Set<string>();

  constructor(private readonly host: () => SaveHost<R>, private readonly saver: () => RowSaver<R> | undefined) {}

  load(rows: Iterable<[RowKey, R, number]>) {
    this.held.load(rows);
  }

  /** whether the row differs from what the server holds */
  changed(key: RowKey): boolean {
    const row = this.host().rowOf(key);
    const held = this.held.get(key);
    return !!row && !!held && !sameValues(row, held.values, this.host().values);
  }

  /** messages at a row's cells (none: cleared) */
  setCells(key: RowKey, messages: { field: string; message: string }[]) {
    for (const k of [...this.cellKeys]) {
      if (k.startsWith(`${key}:`)) {
        this.cellKeys.delete(k);
        this.cells.set(k, undefined);
      }
    }
    for (const m of messages) {
      this.cellKeys.add(`${key}:${m.field}`);
      this.cells.set(`${key}:${m.field}`, m.message);
    }
  }

  /** the fields of a row that hold a message, in the order they were told */
  fieldsOf(key: RowKey): string[] {
    return [...this.cellKeys].filter((k) => k.startsWith(`${key}:`)).map((k) => k.slice(String(key).length + 1));
  }

  /** the contract's rules for the row: its issues at their cells, and the words (null: the row is valid) */
  check(key: RowKey, row: R): string | null {
    const r = this.host().schema.safeParse(row);
    if (r.success) return null;
    this.setCells(key, r.error.issues.map((i) => ({ field: String(i.path[0] ?? ''), message: i.message })));
    return [...new Set(r.error.issues.map((i) => i.message))].join('; ');
  }

  /** saves the rows (after any save of each still under way; the host asked first about them all); never throws */
  async saveRows(keys: RowKey[]) {
    const host = this.host();
    const rows = keys.filter((k) => this.changed(k)).map((k) => ({ ...host.rowOf(k)! }));
    const declined = host.before && rows.length ? await host.before(rows) : new Set<RowKey>();
    await Promise.all(keys.filter((k) => !declined.has(k)).map((k) => this.queue.run(k, () => this.saveNow(k, true))));
  }

  /** saves one row (Enter, leaving it, N/A) */
  save = (key: RowKey) => this.queue.run(key, () => this.saveNow(key, false));

  private async saveNow(key: RowKey, asked: boolean) {
    const host = this.host();
    const saver = this.saver();
    const live = host.rowOf(key);
    const held = this.held.get(key);
    if (!saver || !live || !held) return;
    const row = { ...live }; // as sent: the form's row object changes under the typist
    if (sameValues(row, held.values, host.values)) {
      if (this.status.get(key)?.state === 'failed') this.status.set(key, undefined);
      return;
    }
    const invalid = this.check(key, row);
    if (invalid) return this.status.set(key, { state: 'failed', message: invalid });
    if (!asked && host.before && (await host.before([row])).has(key)) return;
    this.status.set(key, { state: 'saving' });
    try {
      const version = await saver.call(row, held.version);
      this.held.set(key, row, version);
      this.savedAny = true;
      this.setCells(key, []);
      host.settle(key, row, false);
      this.status.set(key, { state: 'saved' });
      host.say(null);
    } catch (err) {
      this.refused(key, err);
    }
  }

  private refused(key: RowKey, err: unknown) {
    const host = this.host();
    host.refused?.(err);
    const message = messageOf(err);
    const field = this.saver()?.field ?? ((f: string) => f);
    const cells = err instanceof ApiError && err.status === 400 ? (err.body?.fields ?? []).map((f) => ({ field: field(f.field), message: f.message })) : undefined;
    this.failRow(key, message, cells, err instanceof ApiError && err.status === 409);
    host.say(`${host.label(key)}: ${message}`);
  }

  /** a refused row: a 400's messages at its cells, the row failed with the server's words */
  private failRow(key: RowKey, message: string, cells?: { field: string; message: string }[], conflict = false) {
    if (cells) this.setCells(key, cells);
    this.status.set(key, { state: 'failed', message, conflict });
  }

  /**
   * A save of several rows in one call refused (a dialog's Submit: one transaction, nothing of it saved). A 400's
   * fields that name a row (`rowField`: `entries.3.sugar` → the row `keys[3]`, its cell 'sugar') go to that row's
   * cells as a row's own 400 does, the row failed with its words; the grid's message says each such row, and the
   * fields that name none. Any other refusal is the grid's message.
   */
  refusedTogether(keys: readonly RowKey[], err: unknown, rowField: RegExp) {
    const host = this.host();
    host.refused?.(err);
    if (!(err instanceof ApiError) || err.status !== 400) return host.say(messageOf(err));
    const { cells, rest } = cellMessages(err.body?.fields ?? [], rowField);
    const byRow = new Map<RowKey, { field: string; message: string }[]>();
    for (const c of cells) {
      const key = keys[c.row];
      if (key === undefined) rest.push(c.message);
      else byRow.set(key, [...(byRow.get(key) ?? []), { field: c.field, message: c.message }]);
    }
    const lines = [...byRow].map(([key, list]) => {
      const message = [...new Set(list.map((c) => c.message))].join('; ');
      this.failRow(key, message, list);
      return `${host.label(key)}: ${message}`;
    });
    host.say([...lines, ...rest].join('\n') || err.message);
  }

  /** Retry of a refused save; after a 409 the row is read again and, when the other user's values differ, the user chooses */
  retry = async (key: RowKey) => {
    const st = this.status.get(key);
    if (st?.state === 'failed' && st.conflict && !(await this.resolve(key))) return;
    await this.saveRows([key]);
  };

  /** the other user's values and the choice: true to save mine over them, false when theirs were taken (or the row is gone) */
  private async resolve(key: RowKey): Promise<boolean> {
    const host = this.host();
    const saver = this.saver();
    let fresh: { row: R; version: number } | undefined;
    try {
      fresh = await saver?.fresh(key);
    } catch (err) {
      this.status.set(key, { state: 'failed', message: messageOf(err), conflict: true });
      return false;
    }
    if (!fresh) {
      this.status.set(key, { state: 'failed', message: `${host.label(key)} is no longer part of this job.` });
      return false;
    }
    this.held.set(key, fresh.row, fresh.version);
    const mine = host.rowOf(key);
    if (!mine || sameValues(mine, fresh.row, host.values)) return true;
    const keepMine = await host.ask(
      `${host.label(key)} was changed by someone else: it now holds ${host.describe(fresh.row)}. Replace it with yours (${host.describe(mine)})? No keeps theirs.`,
      'Changed by someone else',
    );
    if (keepMine) return true;
    host.settle(key, fresh.row, true);
    this.status.set(key, { state: 'saved' });
    host.say(null);
    return false;
  }

  pending = () => this.queue.pending();
  savedSome = () => this.savedAny;
}
