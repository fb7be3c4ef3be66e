import { sql } from 'kysely';
import type { Db } from '../../db/database';

export interface ResultValue {
  id: number;
  rowVersion: number;
  sugar: number | null;
  starch: number | null;
  na: boolean;
}

/**
 * Saves many results in one statement, each only if its row version is still the one read (a
 * concurrent change is never overwritten); answers the ids saved. Used by the benchmark's 500-row save.
 */
export async function saveResults(db: Db, values: ResultValue[], userId: number | null): Promise<number[]> {
  if (values.length === 0) return [];
  const rows = sql.join(values.map((v) => sql`(${v.id}::int, ${v.rowVersion}::int, ${v.sugar}::float8, ${v.starch}::float8, ${v.na}::boolean)`));
  const saved = await sql<{ id: number }>`
    update lab_job_entries e set sugar = v.sugar, starch = v.starch, na = v.na, result_on = now(), result_by = ${userId},
      row_version = e.row_version + 1
    from (values ${rows}) as v(id, row_version, sugar, starch, na)
    where e.id = v.id and e.row_version = v.row_version
    returning e.id`.execute(db);
  return saved.rows.map((r) => r.id);
}
