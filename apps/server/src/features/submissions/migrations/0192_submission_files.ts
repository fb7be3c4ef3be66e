import { type Kysely, sql } from 'kysely';

/**
 * Documents uploaded to a submission (issue 14, spec §3 Document/file; ADR 0089): the name shown and offered
 * for download, where the bytes are in the file store (`storage_key`, unique), the content type told by the
 * content at upload, the size, who uploaded it and when. A submission that goes takes its rows along.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table submission_files (
      id serial primary key,
      submission_id integer not null references submissions (id) on delete cascade,
      name text not null,
      storage_key text not null unique,
      content_type text not null,
      size integer not null check (size >= 0),
      uploaded_by integer references users (id),
      uploaded_at timestamptz not null default now()
    );
    create index submission_files_submission_idx on submission_files (submission_id, id);
  `.execute(db);
}
