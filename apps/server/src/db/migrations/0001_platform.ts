import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table languages (
      id serial primary key,
      name text not null
    );
    create unique index languages_name_uq on languages (lower(name));

    create table roles (
      id serial primary key,
      name text not null,
      permissions text[] not null default '{}'
    );
    create unique index roles_name_uq on roles (lower(name));

    create table users (
      id serial primary key,
      name text not null,
      email text not null,
      number text not null default '',
      role_id integer references roles(id),
      active boolean not null default true,
      archived boolean not null default false,
      locked boolean not null default false,
      failed_attempts integer not null default 0,
      password_hash text,
      whatsapp_pref boolean not null default false,
      email_pref boolean not null default true,
      language_id integer references languages(id),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      row_version integer not null default 1
    );
    create unique index users_email_uq on users (lower(email));

    create table sessions (
      id text primary key,
      user_id integer not null references users(id) on delete cascade,
      created_at timestamptz not null default now(),
      last_seen_at timestamptz not null,
      expires_at timestamptz not null,
      user_agent text,
      ip text
    );
    create index sessions_user_idx on sessions (user_id);

    create table password_tokens (
      token_hash text primary key,
      user_id integer not null references users(id) on delete cascade,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      used_at timestamptz
    );

    create table settings (
      id integer primary key default 1 check (id = 1),
      sugar_limit double precision not null default 0 check (sugar_limit >= 0),
      starch_limit double precision not null default 0 check (starch_limit >= 0),
      updated_at timestamptz not null default now(),
      updated_by integer references users(id)
    );
    insert into settings (id) values (1);

    create table audit_log (
      id bigserial primary key,
      at timestamptz not null default now(),
      user_id integer,
      entity text not null,
      entity_id text not null,
      action text not null,
      old_values jsonb,
      new_values jsonb,
      reason text
    );
    create index audit_log_entity_idx on audit_log (entity, entity_id, at);

    -- Audit rows are append-only: the application (and anyone else) cannot rewrite or delete them.
    create function audit_log_immutable() returns trigger language plpgsql as $$
    begin
      raise exception 'audit_log is append-only';
    end $$;
    create trigger audit_log_no_update before update or delete on audit_log
      for each row execute function audit_log_immutable();
    create trigger audit_log_no_truncate before truncate on audit_log
      for each statement execute function audit_log_immutable();

    create table app_versions (
      version text primary key,
      started_at timestamptz not null default now()
    );
  `.execute(db);
}
