import { type Kysely, sql } from 'kysely';

/**
 * The capture lists' other sorts from an index each (ADR 0084): Date Captured, Sample Number, Client and
 * Lab, each within a kind and state, partial on `refused_reason is null` and ending with id like the list
 * index of migration 0170, so a page sorted by one of them reads 50 index entries instead of sorting every
 * row of the state (390 ms at a million captures).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index captures_list_captured_idx on captures (kind, status, captured_at, id) where refused_reason is null;
    create index captures_list_sample_idx on captures (kind, status, sample_number, id) where refused_reason is null;
    create index captures_list_client_idx on captures (kind, status, client_name, id) where refused_reason is null;
    create index captures_list_lab_idx on captures (kind, status, lab, id) where refused_reason is null;
  `.execute(db);
}
