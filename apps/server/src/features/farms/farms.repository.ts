import { sql } from 'kysely';
import type { FarmRow, Paged, PagedRequest, ReferenceOriginate } from '@sapwood/contracts';
import type { Db } from '../../db/database';
import { pagedQuery } from '../../db/paged-query';
import { recordChange } from '../../platform/audit/audit';

/** each sort's ties are broken by client, or by farm when sorted by client */
const SORTS = { client: ['client', 'farm'], farm: ['farm', 'client'], mfwId: ['mfw_id', 'client'], originate: ['originate', 'client'] };

export function pagedFarms(db: Db, req: PagedRequest): Promise<Paged<FarmRow>> {
  return pagedQuery(req, {
    from: db.selectFrom('farms'),
    select: (q) => q.select(['id', 'client', 'farm', 'mfw_id as mfwId', 'originate']),
    search: ['client', 'farm', sql`coalesce(mfw_id, '')`],
    sorts: SORTS,
    defaultSort: 'client',
    tieBreak: ['id'],
  });
}

export interface FarmUpsert {
  client: string;
  farm: string;
  /** the farm's id at MFW; undefined keeps the stored one */
  mfwId?: string | null;
  originate?: ReferenceOriginate;
}

/**
 * Finds a farm by (client, farm) — ignoring case and surrounding spaces — creating it when missing, and
 * sets its MFW id (and originate) when given. For other features (the report upload that learns MFW ids):
 * call it inside your transaction; it writes its own audit record when anything changed.
 */
export async function upsertFarm(trx: Db, input: FarmUpsert, userId: number | null): Promise<FarmRow> {
  const client = input.client.trim();
  const farm = input.farm.trim();
  if (!client || !farm) throw new Error('upsertFarm needs a client and a farm name');
  const inserted = await trx.insertInto('farms')
    .values({ client, farm, mfw_id: input.mfwId ?? null, ...(input.originate ? { originate: input.originate } : {}) })
    .onConflict((oc) => oc.expression(sql`lower(client), lower(farm)`).doNothing())
    .returning(['id', 'client', 'farm', 'mfw_id as mfwId', 'originate']).executeTakeFirst();
  if (inserted) {
    await recordChange(trx, { userId, entity: 'farm', entityId: inserted.id, action: 'insert', newValues: { client, farm, mfwId: inserted.mfwId, originate: inserted.originate } });
    return inserted;
  }
  const old = await trx.selectFrom('farms').select(['id', 'client', 'farm', 'mfw_id as mfwId', 'originate'])
    .where(sql<boolean>`lower(client) = lower(${client}) and lower(farm) = lower(${farm})`).forUpdate().executeTakeFirstOrThrow();
  const next = { mfwId: input.mfwId === undefined ? old.mfwId : input.mfwId, originate: input.originate ?? old.originate };
  if (next.mfwId === old.mfwId && next.originate === old.originate) return old;
  const saved = await trx.updateTable('farms').set({ mfw_id: next.mfwId, originate: next.originate }).where('id', '=', old.id)
    .returning(['id', 'client', 'farm', 'mfw_id as mfwId', 'originate']).executeTakeFirstOrThrow();
  await recordChange(trx, { userId, entity: 'farm', entityId: old.id, action: 'update', oldValues: { mfwId: old.mfwId, originate: old.originate }, newValues: next });
  return saved;
}
