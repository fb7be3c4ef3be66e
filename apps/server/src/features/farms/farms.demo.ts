import type { Db } from '../../db/database';
import { upsertFarm } from './farms.repository';

/** Demo farms for /farms (the report upload adds real ones with their MFW ids). Clients are marked "(demo)". */
const DEMO_FARMS: { client: string; farm: string; mfwId: string | null; originate: 'International' | 'Usa' }[] = [
  { client: 'Green Valley Citrus (demo)', farm: 'Riverside', mfwId: 'MFW-10021', originate: 'International' },
  { client: 'Green Valley Citrus (demo)', farm: 'Hilltop', mfwId: 'MFW-10022', originate: 'International' },
  { client: 'Karoo Orchards (demo)', farm: 'Bergplaas', mfwId: null, originate: 'International' },
  { client: 'Sunridge Pecans (demo)', farm: 'North Block', mfwId: 'MFW-20417', originate: 'Usa' },
  { client: 'Sunridge Pecans (demo)', farm: 'South Block', mfwId: null, originate: 'Usa' },
];

export async function seedDemoFarms(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const f of DEMO_FARMS) await upsertFarm(trx, f, null);
  });
}
