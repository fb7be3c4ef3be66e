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

/** What a mover is given besides the two items: who moves, and the registry, for the references of a row it merges. */
export interface MoverContext extends MoveContext {
  /** moves every reference to `from` over to `to` through the registered movers (the same transaction; what moves is told with the outer move) */
  references: { move(refers: ReferenceTable, from: ReferenceItem, to: ReferenceItem): Promise<MovedReferences> };
}

/**
 * What makes two rows of a mover's table one thing under one item, so that a move never leaves both
 * (issue 31; `apps/server/test/reference-merge.test.ts` checks it for every mover):
 * - `{ by }`: the columns that, with the referring column, name a live row (text compared trimmed and
 *   case-blind): a child of the item (a crop's cultivars by name). Moved onto the target, a row equal to one
 *   of the target's merges into it (its own references move on to that one, through the registry) instead
 *   of standing beside it;
 * - `'set'`: the referring column is an array of ids; an item is in it once;
 * - `'each'`: every row stands for itself (an entry, a sample, a user names the item; many may).
 */
export type SameRows = { by: readonly string[] } | 'set' | 'each';

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
  /** when two of its rows are one thing under one item (a move merges them, never duplicates) */
  same: SameRows;
  /** `to` null: the item goes without a replacement (the mover lets go of it or leaves the rows). Answers the moved rows' ids. */
  move(tx: Db, from: ReferenceItem, to: ReferenceItem | null, ctx: MoverContext): Promise<number[]>;
}

/** A referring column that deliberately has no mover, and why. The mover test accepts these. */
export interface KeptReference {
  refers: ReferenceTable;
  table: keyof Database;
  column: string;
  /** when two of its rows are one thing under one item (no move of another table may leave two) */
  same: SameRows;
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
   * caller's transaction. The caller records the audit record in the same transaction, naming what moved
   * (the references of the rows a mover merged included).
   */
  async move(tx: Db, refers: ReferenceTable, from: ReferenceItem, to: ReferenceItem | null, ctx: MoveContext): Promise<MovedReferences> {
    if (!tx.isTransaction) throw new Error(`moveReferences(${refers}) must run inside the caller's transaction`);
    return this.run(tx, refers, from, to, ctx, {});
  }

  /** Runs the movers of `refers`, adding what moves (and what the rows they merge move) to `moved`. */
  private async run(tx: Db, refers: ReferenceTable, from: ReferenceItem, to: ReferenceItem | null, ctx: MoveContext, moved: MovedReferences): Promise<MovedReferences> {
    const inner: MoverContext = { userId: ctx.userId, references: { move: (r, f, t) => this.run(tx, r, f, t, ctx, moved) } };
    for (const m of this.byTable.get(refers) ?? []) {
      const ids = await m.move(tx, from, to, inner);
      moved[m.table] = [...new Set([...(moved[m.table] ?? []), ...ids])];
    }
    return moved;
  }
}

/** How many rows of `table` moved (0 when nothing of it moved). */
export function movedCount(moved: MovedReferences, table: keyof Database): number {
  return moved[table]?.length ?? 0;
}
