import { type Kysely, sql } from 'kysely';

/** Staff reference data (issue 3): agronomists, agents, depots, farms, addresses, distributors, language keys. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table agronomists (
      id serial primary key,
      name text not null,
      originate text not null default 'International' check (originate in ('International', 'Usa')),
      archived boolean not null default false,
      created_at timestamptz not null default now()
    );
    create table agents (
      id serial primary key,
      name text not null,
      originate text not null default 'International' check (originate in ('International', 'Usa')),
      archived boolean not null default false,
      created_at timestamptz not null default now()
    );
    create table depots (
      id serial primary key,
      name text not null,
      originate text not null default 'International' check (originate in ('International', 'Usa')),
      archived boolean not null default false,
      created_at timestamptz not null default now()
    );
    create table user_agronomists (
      user_id integer not null references users(id) on delete cascade,
      agronomist_id integer not null references agronomists(id),
      primary key (user_id, agronomist_id)
    );
    create table farms (
      id serial primary key,
      client text not null,
      farm text not null,
      mfw_id text,
      originate text not null default 'International' check (originate in ('International', 'Usa')),
      created_at timestamptz not null default now()
    );
    create unique index farms_client_farm_uq on farms (lower(client), lower(farm));

    create table addresses (
      id serial primary key,
      name text not null,
      address_line text not null,
      area text not null,
      code text not null,
      number text not null,
      email text not null,
      website text not null,
      file_prefix text not null,
      logo_word text not null check (char_length(logo_word) <= 20),
      is_default boolean not null default false,
      archived boolean not null default false
    );
    create unique index addresses_one_default on addresses (is_default) where is_default;

    create table distributors (
      id serial primary key,
      name text not null,
      image_path text,
      image_hash text,
      archived boolean not null default false
    );

    create table language_keys (
      id serial primary key,
      key text not null,
      frontend boolean not null default false
    );
    create unique index language_keys_key_uq on language_keys (lower(key));
    create table language_texts (
      key_id integer not null references language_keys(id) on delete cascade,
      language_id integer not null references languages(id) on delete cascade,
      text text not null default '',
      primary key (key_id, language_id)
    );
  `.execute(db);
}
