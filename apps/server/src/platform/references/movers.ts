import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';

/**
 * The reference tables: lists of items that other tables refer to (by id, or for agents and agronomists
 * by their text name). Each is written by exactly one feature (see `owns` of the feature modules).
 */
export const REFERENCE_TABLES = [
  'agents', 'depots', 'agronomists', 'crops', 'cultivars', 'regions', 'growth_stages', 'tissues',
  'farms', 'addresses', 'distributors', 'languages', 'roles',
] as const satisfies readonly (keyof Database)[];
export type ReferenceTable = (typeof REFERENCE_TABLES)[number];

/** The item being moved away from, and the one its references go to. */
export interface ReferenceItem {
  id: number;
  name: string;
}

export interface MoveContext {
  /** the user who archives, deletes or reassigns (null: the system) */
  userId: number | null;
}

/**
 * Moves the rows of one table that refer to an item of a reference table. Registered by the feature that
 * owns `table` (its module's `movers`), run by `moveReferences` inside the caller's transaction.
 * A mover bumps the moved rows' `row_version` when the table has one, so that an editor opened before the
 * move gets 409 instead of writing the old reference back.
 */
export interface ReferenceMover {
  refers: ReferenceTable;
  table: keyof Database;
  /** the referring column (the text column for references by name) */
  column: string;
  /** `to` null: the item goes without a replacement (the mover lets go of it or leaves the rows). Answers the moved rows' ids. */
  move(tx: Db, from: ReferenceItem, to: ReferenceItem | null, ctx: MoveContext): Promise<number[]>;
}

/** A referring column that deliberately has no mover, and why. The mover test accepts these. */
export interface KeptReference {
  refers: ReferenceTable;
  table: keyof Database;
  column: string;
  reason: string;
}

/** What moved: referring table → ids of the moved rows (tables with nothing to move included, as []). */
export type MovedReferences = Record<string, number[]>;

/** Every registered mover; `move` runs those of one reference table. */
export class ReferenceMovers {
  private readonly byTable = new Map<ReferenceTable, ReferenceMover[]>();

  constructor(readonly movers: readonly ReferenceMover[], readonly kept: readonly KeptReference[] = []) {
    for (const m of movers) {
      const list = this.byTable.get(m.refers) ?? [];
      if (list.some((o) => o.table === m.table && o.column === m.column)) throw new Error(`Two movers for ${m.table}.${m.column} → ${m.refers}`);
      list.push(m);
      this.byTable.set(m.refers, list);
    }
  }

  /**
   * Moves every reference to `from` over to `to` (archive with reassignment, delete with link) inside the
   * caller's transaction. The caller records the audit record in the same transaction, naming what moved.
   */
  async move(tx: Db, refers: ReferenceTable, from: ReferenceItem, to: ReferenceItem | null, ctx: MoveContext): Promise<MovedReferences> {
    if (!tx.isTransaction) throw new Error(`moveReferences(${refers}) must run inside the caller's transaction`);
    const moved: MovedReferences = {};
    for (const m of this.byTable.get(refers) ?? []) {
      const ids = await m.move(tx, from, to, ctx);
      moved[m.table] = [...(moved[m.table] ?? []), ...ids];
    }
    return moved;
  }
}

/** How many rows of `table` moved (0 when nothing of it moved). */
export function movedCount(moved: MovedReferences, table: keyof Database): number {
  return moved[table]?.length ?? 0;
}
