import { type Kysely, sql } from 'kysely';

/**
 * The Prepare tab's groups kept as rows (issue 31, ADR 0105): the Not Completed captures of a kind by day
 * captured (synced when not captured; UTC), client and farm, with how many there are and the newest synced.
 * Kept by statement triggers on captures, so that every writer (the sync, archive and restore, submit, a
 * deleted submission's release, a test's own update) keeps them right: each statement adds the captures that
 * now count to their groups and takes away those that counted before, under the group row's lock (a group's
 * count is a sum of changes, right whichever of two transactions commits first); a group that lost captures
 * reads its newest entry again, and one left without any goes. The list pages these rows by keys (one index
 * per sort), so it costs what a page costs, not a grouping of every Not Completed capture.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table captures add column captured_day date generated always as ((coalesce(captured_at, synced_at) at time zone 'UTC')::date) stored;
    -- a group's captures, and its newest synced (a group that lost captures reads it again: one index entry)
    create index captures_pending_group_idx on captures (kind, captured_day, client_name, farm_name, synced_at)
      where status = 'NotCompleted' and refused_reason is null;

    create table capture_groups (
      id serial primary key,
      kind text not null check (kind in ('leaf', 'soil')),
      day date not null,
      client_name text not null,
      farm_name text not null,
      samples integer not null default 0,
      latest timestamptz not null,
      client_key text collate "C" generated always as (lower(client_name)) stored,
      farm_key text collate "C" generated always as (lower(farm_name)) stored,
      -- the day (oldest first), then client and farm: the Day sort
      day_key text collate "C" generated always as (
        lpad((day - date '0001-01-01')::text, 7, '0') || chr(1) || lower(client_name) || chr(1) || lower(farm_name)) stored,
      -- the newest day first, then client and farm: the list's own order
      newest_key text collate "C" generated always as (
        lpad((date '9999-12-31' - day)::text, 7, '0') || chr(1) || lower(client_name) || chr(1) || lower(farm_name)) stored,
      unique (kind, day, client_name, farm_name)
    );
    create index capture_groups_newest_idx on capture_groups (kind, newest_key, id);
    create index capture_groups_day_idx on capture_groups (kind, day_key, id);
    create index capture_groups_client_idx on capture_groups (kind, client_key, id);
    create index capture_groups_farm_idx on capture_groups (kind, farm_key, id);
    create index capture_groups_samples_idx on capture_groups (kind, samples, id);
    create index capture_groups_latest_idx on capture_groups (kind, latest, id);

    -- one group's change by a statement on captures: n captures more (or fewer), the newest synced among those
    -- added, and whether it lost any
    create type capture_group_change as (kind text, day date, client_name text, farm_name text, n integer, latest timestamptz, lost boolean);

    create function capture_groups_apply(changes capture_group_change[]) returns void language plpgsql as $fn$
    begin
      insert into capture_groups as g (kind, day, client_name, farm_name, samples, latest)
      select c.kind, c.day, c.client_name, c.farm_name, c.n, coalesce(c.latest, '-infinity') from unnest(changes) c
      where c.n <> 0 or c.lost
      order by 1, 2, 3, 4
      on conflict (kind, day, client_name, farm_name)
        do update set samples = g.samples + excluded.samples, latest = greatest(g.latest, excluded.latest);
      -- a group that lost captures (its row locked above): gone when none is left, else its newest entry read again
      delete from capture_groups g using unnest(changes) c
        where c.lost and g.kind = c.kind and g.day = c.day and g.client_name = c.client_name and g.farm_name = c.farm_name and g.samples <= 0;
      update capture_groups g set latest = coalesce((select max(x.synced_at) from captures x
          where x.kind = g.kind and x.captured_day = g.day and x.client_name = g.client_name and x.farm_name = g.farm_name
            and x.status = 'NotCompleted' and x.refused_reason is null), g.latest)
        from unnest(changes) c
        where c.lost and g.kind = c.kind and g.day = c.day and g.client_name = c.client_name and g.farm_name = c.farm_name;
    end
    $fn$;

    create function capture_groups_inserted() returns trigger language plpgsql as $fn$
    begin
      perform capture_groups_apply(array(
        select row(kind, captured_day, client_name, farm_name, count(*)::int, max(synced_at), false)::capture_group_change
        from new_rows where status = 'NotCompleted' and refused_reason is null
        group by kind, captured_day, client_name, farm_name));
      return null;
    end
    $fn$;

    create function capture_groups_deleted() returns trigger language plpgsql as $fn$
    begin
      perform capture_groups_apply(array(
        select row(kind, captured_day, client_name, farm_name, -count(*)::int, null, true)::capture_group_change
        from old_rows where status = 'NotCompleted' and refused_reason is null
        group by kind, captured_day, client_name, farm_name));
      return null;
    end
    $fn$;

    -- only the captures whose place among the groups changed (state, refusal, day, client, farm or sync time):
    -- b before the statement, a after it
    create function capture_groups_updated() returns trigger language plpgsql as $fn$
    begin
      perform capture_groups_apply(array(
        select row(x.kind, x.day, x.client_name, x.farm_name, sum(x.delta)::int, max(x.synced_at) filter (where x.delta > 0), bool_or(x.delta < 0))::capture_group_change
        from (
          select a.kind, a.captured_day as day, a.client_name, a.farm_name, 1 as delta, a.synced_at
          from new_rows a join old_rows b on b.id = a.id
          where a.status = 'NotCompleted' and a.refused_reason is null and row(a.kind, a.status, a.refused_reason is null, a.captured_day, a.client_name, a.farm_name, a.synced_at)
              is distinct from row(b.kind, b.status, b.refused_reason is null, b.captured_day, b.client_name, b.farm_name, b.synced_at)
          union all
          select b.kind, b.captured_day, b.client_name, b.farm_name, -1, null
          from new_rows a join old_rows b on b.id = a.id
          where b.status = 'NotCompleted' and b.refused_reason is null and row(a.kind, a.status, a.refused_reason is null, a.captured_day, a.client_name, a.farm_name, a.synced_at)
              is distinct from row(b.kind, b.status, b.refused_reason is null, b.captured_day, b.client_name, b.farm_name, b.synced_at)
        ) x
        group by x.kind, x.day, x.client_name, x.farm_name));
      return null;
    end
    $fn$;

    create function capture_groups_truncated() returns trigger language plpgsql as $fn$
    begin
      delete from capture_groups;
      return null;
    end
    $fn$;

    insert into capture_groups (kind, day, client_name, farm_name, samples, latest)
    select kind, captured_day, client_name, farm_name, count(*), max(synced_at) from captures
    where status = 'NotCompleted' and refused_reason is null
    group by 1, 2, 3, 4;

    create trigger captures_groups_inserted after insert on captures referencing new table as new_rows
      for each statement execute function capture_groups_inserted();
    create trigger captures_groups_deleted after delete on captures referencing old table as old_rows
      for each statement execute function capture_groups_deleted();
    create trigger captures_groups_updated after update on captures referencing old table as old_rows new table as new_rows
      for each statement execute function capture_groups_updated();
    create trigger captures_groups_truncated after truncate on captures
      for each statement execute function capture_groups_truncated();
    analyze capture_groups;
  `.execute(db);
}
