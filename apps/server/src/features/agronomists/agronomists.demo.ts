import type { Db } from '../../db/database';

const DEMO = [
  { name: 'Anna van Wyk (demo)', originate: 'International' as const },
  { name: 'Pieter Botha (demo)', originate: 'International' as const },
  { name: 'Maria Lopez (demo)', originate: 'Usa' as const },
  { name: 'John Carter (demo)', originate: 'Usa' as const },
];

/** Demo agronomists for a first start. */
export async function seedDemoAgronomists(db: Db): Promise<void> {
  const existing = await db.selectFrom('agronomists').select('id').limit(1).executeTakeFirst();
  if (!existing) await db.insertInto('agronomists').values(DEMO).execute();
}
