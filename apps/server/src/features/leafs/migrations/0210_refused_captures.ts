import { type Kysely, sql } from 'kysely';

/**
 * The Refused tab (issue 31): the captures a sync could not import, paged, searched and sorted like the other
 * tabs, each sort from an index partial on the refused captures (a few in a hundred), ending with id.
 * A refused capture now keeps what it says in the record's columns (sample number, client, farm, …; the
 * crop stays null); those refused before are given them here from their original payload, read as the
 * mapping reads it (text trimmed and cut; a date captured that does not parse stays null).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function pg_temp.sapwood_time_or_null(t text) returns timestamptz language plpgsql as $$
    begin
      return t::timestamptz;
    exception when others then
      return null;
    end $$;
  `.execute(db);
  const text = (field: string, max: number) => sql.raw(`left(btrim(coalesce(original ->> '${field}', '')), ${max})`);
  await sql`
    update captures set
      lab = ${text('lab', 40)}, sample_number = ${text('sampleNumber', 64)}, client_name = ${text('client', 200)},
      farm_name = ${text('farm', 200)}, block_number = ${text('block', 64)}, agent = ${text('agent', 200)}, agronomist = ${text('agronomist', 200)},
      captured_at = pg_temp.sapwood_time_or_null(nullif(left(btrim(coalesce(original ->> 'capturedAt', '')), 40), ''))
    where refused_reason is not null and jsonb_typeof(original) = 'object';
    drop function pg_temp.sapwood_time_or_null(text);
    create index captures_refused_id_idx on captures (kind, id) where refused_reason is not null;
    create index captures_refused_synced_idx on captures (kind, synced_at, id) where refused_reason is not null;
    create index captures_refused_captured_idx on captures (kind, captured_key, id) where refused_reason is not null;
    create index captures_refused_sample_idx on captures (kind, sample_key, id) where refused_reason is not null;
    create index captures_refused_client_idx on captures (kind, client_key, id) where refused_reason is not null;
    create index captures_refused_farm_idx on captures (kind, farm_key, id) where refused_reason is not null;
    create index captures_refused_block_idx on captures (kind, block_key, id) where refused_reason is not null;
    create index captures_refused_key_idx on captures (kind, capture_key, id) where refused_reason is not null;
  `.execute(db);
}
