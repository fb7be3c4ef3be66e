import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerDatabase } from '../../../tests/support/database';
import { POSTGRES_SERVER_URL } from '../../../tests/support/process';
import { type DatabaseHandle, openDatabase } from '../src/db/database';
import { PREPARED_PER_CONNECTION, PREPARE_MARK, prepared } from '../src/db/prepared';

/** Statements marked for preparing run as named statements on the PostgreSQL server (db/prepared.ts). */
describe('prepared statements on the PostgreSQL server', () => {
  let drop: () => Promise<void>;
  let database: DatabaseHandle;

  beforeAll(async () => {
    const db = await createServerDatabase(POSTGRES_SERVER_URL);
    drop = db.drop;
    database = await openDatabase({ url: db.url });
  }, 60_000);
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  const preparedOnConnection = sql<{ statement: string }>`select statement from pg_prepared_statements`;

  it('prepares a marked statement once per connection and runs it with each call\'s values', async () => {
    await database.db.connection().execute(async (c) => {
      const twice = (v: number) => prepared(sql<{ v: number }>`select ${v}::int + 1 as v`).execute(c);
      expect((await twice(1)).rows).toEqual([{ v: 2 }]);
      expect((await twice(41)).rows).toEqual([{ v: 42 }]);
      await sql`select ${7}::int as plain`.execute(c);
      const statements = (await preparedOnConnection.execute(c)).rows.map((r) => r.statement);
      expect(statements).toEqual([`${PREPARE_MARK} select $1::int + 1 as v`]);
    });
  });

  it(`keeps at most ${PREPARED_PER_CONNECTION} statements a connection; marked statements beyond run unnamed`, async () => {
    await database.db.connection().execute(async (c) => {
      for (let i = 0; i < PREPARED_PER_CONNECTION + 5; i++) {
        const r = await prepared(sql<{ v: number }>`select ${i}::int as ${sql.ref(`v${i}`)}`).execute(c);
        expect(r.rows).toEqual([{ [`v${i}`]: i }]);
      }
      expect((await preparedOnConnection.execute(c)).rows.length).toBeLessThanOrEqual(PREPARED_PER_CONNECTION);
      expect((await prepared(sql<{ v: number }>`select ${3}::int as v104`).execute(c)).rows).toEqual([{ v104: 3 }]);
    });
  });

  it('leaves an embedded PGlite database answering marked statements as usual', async () => {
    const lite = await openDatabase({});
    try {
      expect((await prepared(sql<{ v: number }>`select ${5}::int as v`).execute(lite.db)).rows).toEqual([{ v: 5 }]);
    } finally {
      await lite.close();
    }
  });
});
