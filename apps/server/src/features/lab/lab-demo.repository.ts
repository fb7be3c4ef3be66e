import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';

/** The queries of the lab demo seed. */
export class LabDemoRepository {
  constructor(private readonly db: Db) {}

  async hasDemoJobs(): Promise<boolean> {
    return !!(await this.db.selectFrom('lab_jobs').select('id').where('demo', '=', true).limit(1).executeTakeFirst());
  }

  /** Growth stages of active crops with a linked tissue, with a cultivar and region of the crop. */
  stages() {
    return this.db
      .selectFrom('growth_stages as g')
      .innerJoin('crops as c', 'c.id', 'g.crop_id')
      .select(['g.id', 'g.crop_id as cropId', 'g.linked_tissue_id as tissueId', 'g.sugar_max as sugarMax', 'g.starch_max as starchMax'])
      .where('g.archived', '=', false)
      .where('c.archived', '=', false)
      .where('g.linked_tissue_id', 'is not', null)
      .orderBy('g.id')
      .execute();
  }

  cultivars() {
    return this.db.selectFrom('cultivars').select(['id', 'crop_id as cropId']).where('archived', '=', false).orderBy('id').execute();
  }

  regions() {
    return this.db.selectFrom('regions').select(['id', 'crop_id as cropId']).where('archived', '=', false).orderBy('id').execute();
  }

  firstUser() {
    return this.db.selectFrom('users').select('id').orderBy('id').limit(1).executeTakeFirst();
  }

  insertSamples(rows: Insertable<Database['carbohydrate_samples']>[]) {
    return this.db.insertInto('carbohydrate_samples').values(rows).returning(['id', 'sample_number as sampleNumber']).execute();
  }

  insertJob(row: Insertable<Database['lab_jobs']>) {
    return this.db.insertInto('lab_jobs').values(row).returning('id').executeTakeFirstOrThrow();
  }

  async insertEntries(rows: Insertable<Database['lab_job_entries']>[]): Promise<void> {
    await this.db.insertInto('lab_job_entries').values(rows).execute();
  }
}
