import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { MappedCapture } from './capture-mapping';

export interface StoredCapture {
  id: number;
  key: string;
  updatedAt: string;
  /** why it was refused (null: imported) */
  refusedReason: string | null;
}

export interface CaptureWrite {
  kind: 'leaf' | 'soil';
  key: string;
  updatedAt: string;
  original: Record<string, unknown>;
  mapped: MappedCapture | null;
  reason: string | null;
  /** a refused capture's fields as read (its Refused list shows, searches and sorts them); null when mapped */
  read: MappedCapture | null;
}

/** The columns of a write: the mapped record's, or what a refused capture says (no crop: it is not the lab's). */
const fieldsOf = (w: CaptureWrite) => {
  const f = w.mapped ?? w.read;
  return {
    source_updated_at: w.updatedAt,
    original: JSON.stringify(w.original),
    mapped: w.mapped ? JSON.stringify(w.mapped) : null,
    refused_reason: w.reason,
    lab: f?.lab ?? '',
    sample_number: f?.sampleNumber ?? '',
    crop_id: w.mapped?.cropId ?? null,
    client_name: f?.clientName ?? '',
    farm_name: f?.farmName ?? '',
    block_number: f?.blockNumber ?? '',
    agent: f?.agent ?? '',
    agronomist: f?.agronomist ?? '',
    captured_at: f?.capturedAt ? new Date(f.capturedAt) : null,
  };
};

/** A write as one element of a jsonb_to_recordset parameter: the JSON columns as JSON, not as text. */
const recordOf = (w: CaptureWrite) => ({ ...fieldsOf(w), original: w.original, mapped: w.mapped });

/** Keys looked up a statement, and captures written a statement, in a sync. */
const KEY_CHUNK = 1000;
const WRITE_CHUNK = 500;
/** The columns a sync writes (fieldsOf's), with their types for jsonb_to_recordset (names are ours, never input). */
const WRITE_TYPES: Record<keyof ReturnType<typeof fieldsOf>, string> = {
  source_updated_at: 'text', original: 'jsonb', mapped: 'jsonb', refused_reason: 'text', lab: 'text', sample_number: 'text', crop_id: 'integer',
  client_name: 'text', farm_name: 'text', block_number: 'text', agent: 'text', agronomist: 'text', captured_at: 'timestamptz',
};
const WRITE_COLUMNS = Object.keys(WRITE_TYPES);
const WRITE_RECORD = Object.entries(WRITE_TYPES).map(([c, t]) => `${c} ${t}`).join(', ');

/** All SQL of the captures. */
export class CapturesRepository {
  constructor(private readonly db: Db) {}

  /** Live crops by lower-cased name and alternative name (the crop master's), for mapping. */
  async cropNames(): Promise<Map<string, number>> {
    const rows = await this.db.selectFrom('crops').select(['id', 'name', 'linked_names']).where('archived', '=', false).orderBy('id').execute();
    const names = new Map<string, number>();
    for (const r of rows) for (const n of [r.name, ...r.linked_names]) if (!names.has(n.toLowerCase())) names.set(n.toLowerCase(), r.id);
    return names;
  }

  /** One sync of a kind at a time, across every app server: held until the transaction ends. */
  async lockSync(db: Db, kind: 'leaf' | 'soil'): Promise<void> {
    await sql`select pg_advisory_xact_lock(hashtext(${`capture-sync:${kind}`}))`.execute(db);
  }

  /** What is stored of these keys of a kind (only them: a sync never reads the whole table). */
  async stored(db: Db, kind: 'leaf' | 'soil', keys: string[]): Promise<Map<string, StoredCapture>> {
    const found = new Map<string, StoredCapture>();
    for (let i = 0; i < keys.length; i += KEY_CHUNK) {
      const rows = await db.selectFrom('captures').select(['id', 'capture_key', 'source_updated_at', 'refused_reason'])
        .where('kind', '=', kind).where('capture_key', 'in', keys.slice(i, i + KEY_CHUNK)).execute();
      for (const r of rows) found.set(r.capture_key, { id: r.id, key: r.capture_key, updatedAt: r.source_updated_at, refusedReason: r.refused_reason });
    }
    return found;
  }

  /** New captures, WRITE_CHUNK rows a statement (one JSON parameter each, unpacked by PostgreSQL). */
  async insertMany(db: Db, writes: CaptureWrite[]): Promise<void> {
    for (let i = 0; i < writes.length; i += WRITE_CHUNK) {
      const rows = JSON.stringify(writes.slice(i, i + WRITE_CHUNK).map((w) => ({ kind: w.kind, capture_key: w.key, ...recordOf(w) })));
      await sql`
        insert into captures (kind, capture_key, ${sql.raw(WRITE_COLUMNS.join(', '))})
        select v.kind, v.capture_key, ${sql.raw(WRITE_COLUMNS.map((c) => `v.${c}`).join(', '))}
        from jsonb_to_recordset(${rows}::jsonb) as v(kind text, capture_key text, ${sql.raw(WRITE_RECORD)})`.execute(db);
    }
  }

  /** Changed captures by id, WRITE_CHUNK rows a statement; each one's version goes up and its sync time is now. */
  async updateMany(db: Db, writes: { id: number; write: CaptureWrite }[]): Promise<void> {
    for (let i = 0; i < writes.length; i += WRITE_CHUNK) {
      const rows = JSON.stringify(writes.slice(i, i + WRITE_CHUNK).map(({ id, write }) => ({ id, ...recordOf(write) })));
      await sql`
        update captures c set ${sql.raw(WRITE_COLUMNS.map((col) => `${col} = v.${col}`).join(', '))},
          synced_at = now(), row_version = c.row_version + 1
        from jsonb_to_recordset(${rows}::jsonb) as v(id integer, ${sql.raw(WRITE_RECORD)})
        where c.id = v.id`.execute(db);
    }
  }

  /** Moves a row from one state to another; false when it is not in `from` (or not a live leaf record). */
  async setStatus(db: Db, kind: 'leaf' | 'soil', id: number, from: 'NotCompleted' | 'Archived', to: 'NotCompleted' | 'Archived'): Promise<boolean> {
    const r = await db.updateTable('captures').set({ status: to, row_version: sql`row_version + 1` })
      .where('id', '=', id).where('kind', '=', kind).where('status', '=', from).where('refused_reason', 'is', null).returning('id').executeTakeFirst();
    return !!r;
  }

  /** A capture's lab and status, locked for the transaction that changes its lab (undefined: none, or refused). */
  labOf(db: Db, id: number): Promise<{ lab: string; status: string } | undefined> {
    return db.selectFrom('captures').select(['lab', 'status']).where('id', '=', id).where('refused_reason', 'is', null).forUpdate().executeTakeFirst();
  }

  async setLab(db: Db, id: number, lab: string): Promise<void> {
    await db.updateTable('captures').set({ lab, row_version: sql`row_version + 1` }).where('id', '=', id).execute();
  }

  async exists(db: Db, kind: 'leaf' | 'soil', id: number): Promise<boolean> {
    return !!(await db.selectFrom('captures').select('id').where('id', '=', id).where('kind', '=', kind).where('refused_reason', 'is', null).executeTakeFirst());
  }

  apiData(id: number, kind: 'leaf' | 'soil'): Promise<{ original: unknown; mapped: unknown; photoPath: string | null } | undefined> {
    return this.db.selectFrom('captures').select(['original', 'mapped', 'photo_path as photoPath']).where('id', '=', id).where('kind', '=', kind).executeTakeFirst();
  }

  photoOf(id: number, kind: 'leaf' | 'soil'): Promise<{ key: string; photoPath: string | null } | undefined> {
    return this.db.selectFrom('captures').select(['capture_key as key', 'photo_path as photoPath']).where('id', '=', id).where('kind', '=', kind).where('refused_reason', 'is', null).executeTakeFirst();
  }

  async setPhotoAndLocation(db: Db, id: number, v: { photoPath: string | null; latitude: number | null; longitude: number | null }): Promise<void> {
    await db.updateTable('captures').set({ photo_path: v.photoPath, latitude: v.latitude, longitude: v.longitude, row_version: sql`row_version + 1` }).where('id', '=', id).execute();
  }
}
