import { seedLabJob } from '../../../tests/support/carbohydrate-fixtures';
import { type AnyStaleCase, type Ctx, staleCase } from './stale-first.support';

/** stale-first.test.ts's entries for the lab: job cards, results, quality control, the carbohydrate entries. */

/** A job card's entry, as the job card sends it. */
const entry = (c: Ctx, sampleNumber: string, patch: Record<string, unknown> = {}) => ({
  sampleNumber, entity: 'Acme', agent: 'Agent A', agronomist: 'Dr B', farmName: 'Farm 1', fieldBlockNumber: 'B7',
  sampleDate: '2026-10-01T08:00:00.000Z', tissueId: c.ref.tissues.roots.id, cropId: c.ref.crop.id, cultivarId: c.ref.cultivars[0].id,
  regionId: c.ref.region.id, testCarboCropGrowthId: c.ref.stages[0].id, ...patch,
});

/** An entry added to the job from its version `read` (the job card's one-entry save): the job's version after it. */
async function addEntry(c: Ctx, jobId: number, read: number): Promise<number> {
  return (await c.ok('/api/lab/upsertcarbohydrateresult', { jobId, jobRowVersion: read, entry: entry(c, c.unique('ADDED')) })).jobRowVersion;
}

/** A seeded job's first result row as the results dialog reads it. */
async function firstResult(c: Ctx, jobId: number): Promise<{ id: number; rowVersion: number }> {
  return (await c.ok('/api/lab/jobdata', { id: jobId })).testCarbohydrateLabResults[0];
}

const lot = (c: Ctx, patch: Record<string, unknown> = {}) => ({ id: 0, name: 'Sugar control', lot: c.unique('LOT'), analyte: 'sugar', mean: 5, sd: 0.5, validFrom: '2026-01-01', ...patch });
const NO_CROP = 999_999;

export const LAB_CASES: Record<string, AnyStaleCase> = {
  '/api/lab/upsertjob': staleCase<{ jobId: number; bad: unknown }>({
    breaks: 'an entry naming a crop that does not exist',
    async stored(c) {
      const job = await c.ok('/api/lab/upsertjob', { id: 0, receivedOn: '2026-11-02', entries: [entry(c, c.unique('J'))] });
      return { s: { jobId: job.id, bad: entry(c, c.unique('J'), { cropId: NO_CROP }) }, read: job.rowVersion };
    },
    moveOn: (c, s, read) => addEntry(c, s.jobId, read),
    save: (s, v) => ({ id: s.jobId, receivedOn: '2026-11-03', rowVersion: v, entries: [s.bad] }),
  }),
  '/api/lab/deletejob': staleCase<number>({
    breaks: 'an entry holds a result (a job with results is not deleted: 409 JOB_HAS_RESULTS)',
    async stored(c) {
      const { jobId } = await seedLabJob(c.db, c.ref, { samples: [{ sampleNumber: c.unique('D'), sugar: 3, starch: 7 }] });
      return { s: jobId, read: await c.version('lab_jobs', jobId) };
    },
    moveOn: (c, jobId, read) => addEntry(c, jobId, read),
    save: (id, v) => ({ id, rowVersion: v }),
  }),
  '/api/lab/upsertcarbohydrateresult': staleCase<{ jobId: number; bad: unknown }>({
    breaks: 'the entry names a crop that does not exist',
    async stored(c) {
      const { jobId } = await seedLabJob(c.db, c.ref, { samples: [{ sampleNumber: c.unique('E') }] });
      return { s: { jobId, bad: entry(c, c.unique('E'), { cropId: NO_CROP }) }, read: await c.version('lab_jobs', jobId) };
    },
    moveOn: (c, s, read) => addEntry(c, s.jobId, read),
    save: (s, v) => ({ jobId: s.jobId, jobRowVersion: v, entry: s.bad }),
  }),
  '/api/lab/updateresult': staleCase<number>({
    breaks: 'an unusual starch (46 %) not confirmed',
    async stored(c) {
      // a second entry without a result keeps the job open: no reason is asked, no control needed
      const { jobId } = await seedLabJob(c.db, c.ref, { samples: [{ sampleNumber: c.unique('R'), sugar: 3, starch: 7 }, { sampleNumber: c.unique('R') }] });
      const row = await firstResult(c, jobId);
      return { s: row.id, read: row.rowVersion };
    },
    moveOn: async (c, id, read) => (await c.ok('/api/lab/updateresult', { id, sugar: 4, starch: 7, na: false, rowVersion: read })).rowVersion,
    save: (id, v) => ({ id, sugar: 5, starch: 46, na: false, rowVersion: v }),
  }),
  '/api/lab/updateresults': staleCase<{ id: number; jobId: number; otherJobId: number }>({
    breaks: 'the result is not part of the job named',
    async stored(c) {
      const { jobId } = await seedLabJob(c.db, c.ref, { samples: [{ sampleNumber: c.unique('U'), sugar: 3, starch: 7 }, { sampleNumber: c.unique('U') }] });
      const other = await seedLabJob(c.db, c.ref, { samples: [{ sampleNumber: c.unique('U') }] });
      const row = await firstResult(c, jobId);
      return { s: { id: row.id, jobId, otherJobId: other.jobId }, read: row.rowVersion };
    },
    moveOn: async (c, s, read) => (await c.ok('/api/lab/updateresults', { jobId: s.jobId, entries: [{ id: s.id, sugar: 4, starch: 7, na: false, rowVersion: read }] })).rows[0].rowVersion,
    save: (s, v) => ({ jobId: s.otherJobId, entries: [{ id: s.id, sugar: 5, starch: 7, na: false, rowVersion: v }] }),
  }),
  '/api/qc/upsertlot': staleCase<{ id: number; lot: Record<string, unknown>; taken: string }>({
    breaks: "another lot's number for the same analyte",
    async stored(c) {
      const a = await c.ok('/api/qc/upsertlot', lot(c));
      const b = await c.ok('/api/qc/upsertlot', lot(c));
      return { s: { id: a.id, lot: lot(c, { lot: a.lot }), taken: b.lot }, read: a.rowVersion };
    },
    moveOn: async (c, s, read) => (await c.ok('/api/qc/upsertlot', { ...s.lot, id: s.id, name: 'Moved on', rowVersion: read })).rowVersion,
    save: (s, v) => ({ ...s.lot, id: s.id, lot: s.taken, rowVersion: v }),
  }),
  '/api/qc/updatesettings': staleCase<boolean>({
    breaks: { none: 'the QC setting has no rule beyond the schema' },
    async stored(c) {
      const r = await c.ok('/api/qc/settings', {});
      return { s: r.controlsOptional, read: r.rowVersion };
    },
    moveOn: async (c, controlsOptional, read) => (await c.ok('/api/qc/updatesettings', { controlsOptional, rowVersion: read })).rowVersion,
    save: (controlsOptional, v) => ({ controlsOptional, rowVersion: v }),
  }),
  '/api/qc/savecontrolresults': staleCase<{ jobId: number; id: number }>({
    breaks: 'a row naming a control that is not part of the job (beside the stale row)',
    async stored(c) {
      const l = await c.ok('/api/qc/upsertlot', lot(c));
      const job = await c.ok('/api/lab/upsertjob', { id: 0, receivedOn: '2026-11-02', entries: [entry(c, c.unique('Q'))], controlLotIds: [l.id] });
      const [row] = (await c.ok('/api/qc/jobcontrols', { jobId: job.id })).rows;
      return { s: { jobId: job.id, id: row.id }, read: row.rowVersion };
    },
    moveOn: async (c, s, read) => (await c.ok('/api/qc/savecontrolresults', { jobId: s.jobId, rows: [{ id: s.id, value: 5, rowVersion: read }] })).rows[0].rowVersion,
    save: (s, v) => ({ jobId: s.jobId, rows: [{ id: 999_999, value: 5, rowVersion: 1 }, { id: s.id, value: 5.2, rowVersion: v }] }),
  }),
  '/api/carbohydrate/upsertcarbohydrateresult': staleCase<{ id: number; values: Record<string, unknown>; foreignRegion: number }>({
    breaks: 'a region of another crop (Region does not belong to the crop)',
    async stored(c) {
      const { entries } = await seedLabJob(c.db, c.ref, { samples: [{ sampleNumber: c.unique('C') }] });
      const values = {
        entity: 'Acme', agent: 'Agent A', agriculturist: 'Dr B', farmName: 'Farm 1', fieldBlockNumber: 'B7', cropId: c.ref.crop.id,
        cultivarId: c.ref.cultivars[0].id, regionId: c.ref.region.id, tissueId: c.ref.tissues.roots.id, cropGrowthId: c.ref.stages[0].id,
      };
      return { s: { id: entries[0].id, values, foreignRegion: c.other.region.id }, read: await c.version('lab_job_entries', entries[0].id) };
    },
    async moveOn(c, s, read) {
      await c.ok('/api/carbohydrate/upsertcarbohydrateresult', { ...s.values, id: s.id, farmName: 'Moved On', rowVersion: read });
      return c.version('lab_job_entries', s.id);
    },
    save: (s, v) => ({ ...s.values, id: s.id, regionId: s.foreignRegion, rowVersion: v }),
  }),
};
