import { type Kysely, sql } from 'kysely';

/**
 * Carbohydrate reference admin (issue 4): a row version on tissues, crops, regions and cultivars so
 * that two people editing the same record never silently overwrite each other (the crop's version also
 * guards its ordered growth stages). `if not exists` keeps it safe beside other features' migrations.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table tissues add column if not exists row_version integer not null default 1;
    alter table crops add column if not exists row_version integer not null default 1;
    alter table regions add column if not exists row_version integer not null default 1;
    alter table cultivars add column if not exists row_version integer not null default 1;
  `.execute(db);
}
