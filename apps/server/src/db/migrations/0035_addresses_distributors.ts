import { type Kysely, sql } from 'kysely';

/**
 * Addresses and distributors (issue 3): row versions for conflict checks, and exactly one default
 * address at all times, enforced by the database. The partial unique index of 0002 allows at most one
 * default; a deferred constraint trigger refuses to commit a state with live addresses but no default,
 * and an archived address can never be the default.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table addresses add column row_version integer not null default 1;
    alter table addresses add constraint addresses_default_not_archived check (not (is_default and archived));
    alter table distributors add column row_version integer not null default 1;

    create function addresses_require_default() returns trigger language plpgsql as $fn$
    begin
      if exists (select 1 from addresses where not archived)
         and not exists (select 1 from addresses where is_default and not archived) then
        raise exception 'Exactly one address must be the default'
          using errcode = '23514', constraint = 'addresses_one_default_required';
      end if;
      return null;
    end
    $fn$;

    create constraint trigger addresses_one_default_required
      after insert or update or delete on addresses
      deferrable initially deferred
      for each row execute function addresses_require_default();
  `.execute(db);
}
