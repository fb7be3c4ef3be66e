import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { type LotValues, QcLotsRepository } from './qc-lots.repository';

/** The SQL of the QC demo data. */
export class QcDemoRepository {
  constructor(private readonly db: Db) {}

  async hasDemoLots(): Promise<boolean> {
    return (await this.db.selectFrom('qc_control_lots').select('id').where('demo', '=', true).executeTakeFirst()) !== undefined;
  }

  demoJobs() {
    return this.db.selectFrom('lab_jobs').select('id').where('demo', '=', true).orderBy('id').execute();
  }

  async firstUser(): Promise<number | null> {
    return (await this.db.selectFrom('users').select('id').orderBy('id').executeTakeFirst())?.id ?? null;
  }

  insertLot(v: LotValues): Promise<number> {
    return new QcLotsRepository(this.db).insert(this.db, v, true);
  }

  async insertControl(row: Insertable<Database['qc_job_controls']>): Promise<void> {
    await this.db.insertInto('qc_job_controls').values(row).execute();
  }
}
