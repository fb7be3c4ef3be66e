import type { Db } from '../../db/database';

/** A current tissue of this name, added when missing (the crop growth demo data names its organ types). */
export async function ensureTissue(db: Db, name: string): Promise<number> {
  const found = await db.selectFrom('tissues').select('id').where('name', '=', name).where('archived', '=', false).executeTakeFirst();
  if (found) return found.id;
  return (await db.insertInto('tissues').values({ name }).returning('id').executeTakeFirstOrThrow()).id;
}
