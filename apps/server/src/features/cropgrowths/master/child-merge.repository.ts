import { sql } from 'kysely';
import type { Db } from '../../../db/database';

/** A crop's child tables: its cultivars, regions and growth stages, each named within the crop. */
export type ChildTable = 'cultivars' | 'regions' | 'growth_stages';

/**
 * A child's own data, which goes with it to another crop and fills in a same-named child's when it merges
 * into it: its leaf norms (cultivars and stages) and its carbohydrate range overrides per stage (the owner
 * column of a values table, and the other of its two keys).
 */
const OWN: Record<ChildTable, { norms: 'cultivar_id' | 'growth_stage_id' | null; values: { table: 'cultivar_growth_values' | 'region_growth_values'; column: string; other: string }[] }> = {
  cultivars: { norms: 'cultivar_id', values: [{ table: 'cultivar_growth_values', column: 'cultivar_id', other: 'growth_stage_id' }] },
  regions: { norms: null, values: [{ table: 'region_growth_values', column: 'region_id', other: 'growth_stage_id' }] },
  growth_stages: {
    norms: 'growth_stage_id',
    values: [{ table: 'cultivar_growth_values', column: 'growth_stage_id', other: 'cultivar_id' }, { table: 'region_growth_values', column: 'growth_stage_id', other: 'region_id' }],
  },
};

/** All SQL of moving a crop's children to another crop, merging those named like one of its own (master.movers.ts). */
export class ChildMergeRepository {
  /** The crop's live children in their order (stages by sequence), each with its name. */
  live(db: Db, table: ChildTable, cropId: number): Promise<{ id: number; name: string }[]> {
    const order = table === 'growth_stages' ? sql`sequence_number, id` : sql`id`;
    return sql<{ id: number; name: string }>`select id, name from ${sql.table(table)} where crop_id = ${cropId} and not archived order by ${order}`
      .execute(db).then((r) => r.rows);
  }

  /** The crop's first live child named `name` (trimmed, any case). */
  async named(db: Db, table: ChildTable, cropId: number, name: string): Promise<{ id: number; name: string } | undefined> {
    const r = await sql<{ id: number; name: string }>`select c.id, c.name from ${sql.table(table)} c
      where c.crop_id = ${cropId} and not c.archived and lower(trim(c.name)) = lower(trim(${name}))
      order by ${table === 'growth_stages' ? sql`c.sequence_number, c.id` : sql`c.id`} limit 1`.execute(db);
    return r.rows[0];
  }

  /**
   * Every child of `from` that is not live (archived before) becomes the target's as it is, with its norms;
   * answers their ids. Stages come after the target's own, in their order.
   */
  async moveArchived(db: Db, table: ChildTable, from: number, to: number): Promise<number[]> {
    const ids = (await sql<{ id: number }>`select id from ${sql.table(table)} where crop_id = ${from} and archived`.execute(db)).rows.map((r) => r.id);
    for (const id of ids) await this.reparent(db, table, id, to);
    return ids;
  }

  /** A child becomes `cropId`'s (a stage after its last), with its norms; a new row version where the table has one. */
  async reparent(db: Db, table: ChildTable, id: number, cropId: number): Promise<void> {
    if (table === 'growth_stages') {
      await sql`update growth_stages set crop_id = ${cropId},
          sequence_number = 1 + (select coalesce(max(g.sequence_number), 0) from growth_stages g where g.crop_id = ${cropId} and not g.archived)
        where id = ${id}`.execute(db);
    } else {
      await sql`update ${sql.table(table)} set crop_id = ${cropId}, row_version = row_version + 1 where id = ${id}`.execute(db);
    }
    const { norms } = OWN[table];
    if (norms) await sql`update leaf_norms set crop_id = ${cropId}, row_version = row_version + 1 where ${sql.ref(norms)} = ${id}`.execute(db);
  }

  /**
   * Merges child `from` into the same-named child `into` of the target crop: the norms and range overrides
   * `into` lacks come over from `from` (its own stay where `into` has them), and `from` is archived.
   */
  async merge(db: Db, table: ChildTable, from: number, into: { id: number; cropId: number }): Promise<void> {
    const { norms, values } = OWN[table];
    if (norms) {
      await sql`update leaf_norms set crop_id = ${into.cropId}, ${sql.ref(norms)} = ${into.id}, row_version = row_version + 1
        where ${sql.ref(norms)} = ${from} and not exists (select 1 from leaf_norms n where ${sql.ref(`n.${norms}`)} = ${into.id})`.execute(db);
    }
    for (const v of values) {
      await sql`update ${sql.table(v.table)} v set ${sql.ref(v.column)} = ${into.id}
        where ${sql.ref(`v.${v.column}`)} = ${from}
          and not exists (select 1 from ${sql.table(v.table)} w where ${sql.ref(`w.${v.column}`)} = ${into.id} and ${sql.ref(`w.${v.other}`)} = ${sql.ref(`v.${v.other}`)})`.execute(db);
    }
    if (table === 'growth_stages') await sql`update growth_stages set archived = true where id = ${from}`.execute(db);
    else await sql`update ${sql.table(table)} set archived = true, row_version = row_version + 1 where id = ${from}`.execute(db);
  }

  /** The crop's live stages numbered 1..n in their order (a merge leaves gaps). */
  async renumberStages(db: Db, cropId: number): Promise<void> {
    await sql`update growth_stages g set sequence_number = o.n
      from (select id, row_number() over (order by sequence_number, id)::int as n from growth_stages where crop_id = ${cropId} and not archived) o
      where g.id = o.id and g.sequence_number <> o.n`.execute(db);
  }
}
