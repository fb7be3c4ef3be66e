import type { z } from 'zod';
import type { EndpointDef, InputOf, OutputOf } from '@sapwood/contracts';
import type { CsvColumn } from './csv';
import type { NaRule, RowValues } from './rowModel';
import type { RowKey, SaveHost } from './rowSaves';

/** A column of an entry grid: its id (a field of the row), its name (messages, CSV headings) and how its text reads. */
export type GridColumn<C extends string = string> = CsvColumn & { id: C };

/** A grid's save endpoint, one row at a time: the input of a row at the version read, and the version it answers. */
export interface GridRowSave<R, E extends EndpointDef> {
  endpoint: E;
  input: (row: R, version: number) => InputOf<E>;
  version: (out: OutputOf<E>) => number;
  /** what the server holds now for the row (read after a 409); undefined: gone */
  fresh: (key: RowKey) => Promise<{ row: R; version: number } | undefined>;
  /** the row's field a server's 400 names (`manualResult.0.values.N` → 'N'; '' the row itself); default: as named */
  field?: (serverField: string) => string;
}

/** The declaration of an entry grid (README.md). */
export interface EntryGridSpec<R extends RowValues, C extends string, E extends EndpointDef = EndpointDef> {
  /** the contract's row schema: a row is checked with the server's rules and words */
  row: z.ZodType;
  /** the whole form's schema when the grid's form holds more than its rows (default `{ rows: z.array(row) }`) */
  form?: z.ZodType;
  key: (row: R) => RowKey;
  /** the row's name in messages ('Sample R1') */
  label: (row: R) => string;
  /**
   * the cells the keyboard moves through, in Tab order (the cell registry may hold other fields of a row too, e.g. a
   * list: `cells.focus` reaches them, the keyboard does not)
   */
  columns: readonly GridColumn<C>[];
  /** the fields a save sends and dirty tracking compares */
  values: readonly string[];
  na?: NaRule;
  /**
   * the rows' indexes in the order they are drawn, when that is not their order in the grid's rows (Prepare's groups):
   * the keyboard goes to the row drawn next
   */
  order?: (rows: readonly R[]) => readonly number[];
  /** the per-row save (none: the host saves the whole grid itself, e.g. on Submit) */
  save?: GridRowSave<R, E>;
  /** a row's values in a message ('Sugar 6.00 · Starch 3.00') */
  describe?: (row: R) => string;
  before?: SaveHost<R>['before'];
  refused?: SaveHost<R>['refused'];
}

