import type { FarmersSampleEntry, LeafRecord, PagedRequest } from '@sapwood/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { containsPattern, pagedQuery } from '../../db/paged-query';
import type { MappedCapture } from './capture-mapping';

export interface StoredCapture {
  id: number;
  key: string;
  updatedAt: string;
  refused: boolean;
}

export interface CaptureWrite {
  kind: 'leaf' | 'soil';
  key: string;
  updatedAt: string;
  original: Record<string, unknown>;
  mapped: MappedCapture | null;
  reason: string | null;
}

const fieldsOf = (w: CaptureWrite) => ({
  source_updated_at: w.updatedAt,
  original: JSON.stringify(w.original),
  mapped: w.mapped ? JSON.stringify(w.mapped) : null,
  refused_reason: w.reason,
  lab: w.mapped?.lab ?? '',
  sample_number: w.mapped?.sampleNumber ?? '',
  crop_id: w.mapped?.cropId ?? null,
  client_name: w.mapped?.clientName ?? '',
  farm_name: w.mapped?.farmName ?? '',
  block_number: w.mapped?.blockNumber ?? '',
  agent: w.mapped?.agent ?? '',
  agronomist: w.mapped?.agronomist ?? '',
  captured_at: w.mapped?.capturedAt ? new Date(w.mapped.capturedAt) : null,
});

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

  async stored(db: Db, kind: 'leaf' | 'soil'): Promise<Map<string, StoredCapture>> {
    const rows = await db.selectFrom('captures').select(['id', 'capture_key', 'source_updated_at', 'refused_reason']).where('kind', '=', kind).execute();
    return new Map(rows.map((r) => [r.capture_key, { id: r.id, key: r.capture_key, updatedAt: r.source_updated_at, refused: r.refused_reason !== null }]));
  }

  async insert(db: Db, w: CaptureWrite): Promise<void> {
    await db.insertInto('captures').values({ kind: w.kind, capture_key: w.key, ...fieldsOf(w) }).execute();
  }

  async update(db: Db, id: number, w: CaptureWrite): Promise<void> {
    await db.updateTable('captures').set({ ...fieldsOf(w), synced_at: sql`now()`, row_version: sql`row_version + 1` }).where('id', '=', id).execute();
  }

  list(status: 'NotCompleted' | 'Completed' | 'Archived', req: PagedRequest, kind: 'leaf' | 'soil' = 'leaf'): Promise<{ rows: (LeafRecord & FarmersSampleEntry)[]; total: number }> {
    return pagedQuery(req, {
      from: this.db.selectFrom('captures as c').leftJoin('crops as cr', 'cr.id', 'c.crop_id')
        .where('c.kind', '=', kind).where('c.status', '=', status).where('c.refused_reason', 'is', null),
      select: (q) => q.select(['c.id', 'c.lab', 'c.sample_number as sampleNumber', 'cr.name as crop', 'c.client_name as clientName', 'c.farm_name as farmName',
        'c.block_number as blockNumber', 'c.agent', 'c.agronomist', 'c.synced_at as inserted', 'c.captured_at as appAdded', 'c.photo_path as photoPath',
        sql<number | null>`null::int`.as('submissionJobId'), sql<Date | null>`null::timestamptz`.as('submittedOn')]),
      search: ['c.sample_number', 'c.client_name', 'c.farm_name', 'c.block_number', 'cr.name'],
      sorts: { inserted: 'c.synced_at', appAdded: 'c.captured_at', sampleNumber: 'c.sample_number', lab: 'c.lab', clientName: 'c.client_name' },
      defaultSort: 'inserted',
      tieBreak: ['c.id'],
    });
  }

  /** The next chunk of a list's rows for a download, newest first, after the row `beforeId` (keyset on id). */
  chunk(kind: 'leaf' | 'soil', status: 'NotCompleted' | 'Completed' | 'Archived', search: string, beforeId: number | null, limit: number) {
    let q = this.db.selectFrom('captures as c').leftJoin('crops as cr', 'cr.id', 'c.crop_id')
      .select(['c.id', 'c.lab', 'c.sample_number as sampleNumber', 'cr.name as crop', 'c.client_name as clientName', 'c.farm_name as farmName',
        'c.block_number as blockNumber', 'c.agent', 'c.agronomist', 'c.synced_at as inserted', 'c.captured_at as appAdded'])
      .where('c.kind', '=', kind).where('c.status', '=', status).where('c.refused_reason', 'is', null);
    if (search) {
      const pattern = containsPattern(search);
      q = q.where((eb) => eb.or(['c.sample_number', 'c.client_name', 'c.farm_name', 'c.block_number', 'cr.name'].map((col) => eb(sql.ref(col), 'ilike', pattern))));
    }
    if (beforeId !== null) q = q.where('c.id', '<', beforeId);
    return q.orderBy('c.id', 'desc').limit(limit).execute();
  }

  /** Moves a row from one state to another; false when it is not in `from` (or not a live leaf record). */
  async setStatus(db: Db, kind: 'leaf' | 'soil', id: number, from: 'NotCompleted' | 'Archived', to: 'NotCompleted' | 'Archived'): Promise<boolean> {
    const r = await db.updateTable('captures').set({ status: to, row_version: sql`row_version + 1` })
      .where('id', '=', id).where('kind', '=', kind).where('status', '=', from).where('refused_reason', 'is', null).returning('id').executeTakeFirst();
    return !!r;
  }

  async setLab(db: Db, id: number, lab: string): Promise<{ before: string } | undefined> {
    const old = await db.selectFrom('captures').select('lab').where('id', '=', id).where('refused_reason', 'is', null).forUpdate().executeTakeFirst();
    if (!old) return undefined;
    await db.updateTable('captures').set({ lab, row_version: sql`row_version + 1` }).where('id', '=', id).execute();
    return { before: old.lab };
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
