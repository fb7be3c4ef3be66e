import { type Kysely, sql } from 'kysely';

/**
 * A submission's documents are known by their content (issue 35): the same file uploaded twice is one document.
 * Documents kept before have no hash (null) and are never matched; a new upload of the same bytes is kept once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table submission_files add column content_hash text;
    create unique index submission_files_content_idx on submission_files (submission_id, content_hash) where content_hash is not null;
  `.execute(db);
}
