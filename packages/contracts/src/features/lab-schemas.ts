import { z } from 'zod';
import { IdOrNew, RowVersion, decimal, id, int, text, versioned } from '../fields';
import { BOUND_MESSAGES } from '../values/bounds';
import { CARBOHYDRATE_BOUNDS } from '../values/result-bounds';
import { DateOnly, DateTime } from '../endpoint';
import { MAX_TEXT } from '../paging';
import { SAMPLE_NUMBER_REQUIRED, duplicateSampleErrors, entryErrors } from '../carbohydrate/labjob-rules';

/**
 * The lab job states (spec part 1 §2 tabs):
 * - CURRENT: not exported, and at least one entry has no result yet (neither sugar and starch, nor N/A);
 * - COMPLETED: every entry has sugar and starch, or is N/A, and the job has not been exported;
 * - DOWNLOADED: exported (Export Job archived its entries).
 */
export const JOB_STATUSES = ['current', 'completed', 'downloaded'] as const;
export const JobStatus = z.enum(JOB_STATUSES);
export type JobStatus = z.infer<typeof JobStatus>;

const Id = id();
const NullableId = int().nullable().optional().transform((v) => (v && v > 0 ? v : null));
const Text = text({ max: MAX_TEXT, trim: false }).default('');

export const JobListItem = z.object({
  id: z.number(),
  entities: z.array(z.string()),
  farms: z.array(z.string()),
  firstSample: z.string(),
  lastSample: z.string(),
  samples: z.number(),
  samplesCompleted: z.number(),
  created: DateTime,
  createdBy: z.string(),
  received: z.string(),
  status: JobStatus,
});
export type JobListItem = z.infer<typeof JobListItem>;

/** A job entry as the job card form sends it (spec part 1 §3 Job entry). */
export const JobEntryInput = versioned(z.object({
  id: int().nullable().optional(),
  rowVersion: RowVersion.nullable().optional(),
  sampleNumber: text({ min: 1, max: 64, message: SAMPLE_NUMBER_REQUIRED }),
  entity: Text,
  agent: Text,
  agronomist: Text,
  farmName: Text,
  fieldBlockNumber: Text,
  sampleDate: DateTime,
  tissueId: int().nullable().default(0),
  cropId: int().nullable().default(0),
  cultivarId: int().nullable().default(0),
  regionId: NullableId,
  testCarboCropGrowthId: int().nullable().default(0),
  testCarbohydrateId: NullableId,
}), { message: 'The version of the entry you loaded is required.' });
export type JobEntryInput = z.input<typeof JobEntryInput>;

/**
 * One row of the job card's entries grid as its form holds it, checked with the entry rules the server
 * applies (a sample number, then `entryErrors`: the same fields, order and messages). Other fields of the row pass through.
 */
export const JobEntryRow = z.looseObject({
  sampleNumber: z.string(),
  entity: z.string(),
  agent: z.string(),
  agronomist: z.string(),
  farmName: z.string(),
  fieldBlockNumber: z.string(),
  tissueId: z.number().nullable(),
  cropId: z.number().nullable(),
  cultivarId: z.number().nullable(),
  testCarboCropGrowthId: z.number().nullable(),
}).superRefine((e, ctx) => {
  if (!e.sampleNumber.trim()) ctx.addIssue({ code: 'custom', path: ['sampleNumber'], message: SAMPLE_NUMBER_REQUIRED });
  for (const x of entryErrors(e)) ctx.addIssue({ code: 'custom', path: [x.field], message: x.message });
});
/** The job card's form: Date Received and the entries, each sample number once in the job (`duplicateSampleErrors`, as the server). */
export const JobCardForm = z.looseObject({ receivedOn: z.string(), rows: z.array(JobEntryRow) }).superRefine((v, ctx) => {
  for (const x of duplicateSampleErrors(v.rows)) ctx.addIssue({ code: 'custom', path: ['rows', x.index, x.field], message: x.message });
});

export const JobEntry = z.object({
  id: z.number(),
  rowVersion: z.number(),
  sampleNumber: z.string(),
  resolved: z.boolean(),
  entity: z.string(),
  agent: z.string(),
  agronomist: z.string(),
  farmName: z.string(),
  fieldBlockNumber: z.string(),
  sampleDate: DateTime,
  tissueId: z.number(),
  cropId: z.number(),
  cultivarId: z.number().nullable(),
  regionId: z.number().nullable(),
  testCarboCropGrowthId: z.number(),
  testCarbohydrateId: z.number().nullable(),
  labResultsId: z.number(),
  hasResult: z.boolean(),
});
export type JobEntry = z.infer<typeof JobEntry>;

export const JobCard = z.object({
  id: z.number(),
  receivedOn: z.string(),
  rowVersion: z.number(),
  status: JobStatus,
  entries: z.array(JobEntry),
});
export type JobCard = z.infer<typeof JobCard>;

/** Why a job cannot be deleted (409 of deletejob): a job is deleted only while none of its entries has a result. */
export const JOB_HAS_RESULTS = 'This job cannot be deleted: an entry already has a result (sugar and starch, or N/A).';

export const UpsertJobInput = versioned(z.object({
  id: IdOrNew,
  receivedOn: DateOnly,
  rowVersion: RowVersion.nullable().optional(),
  entries: z.array(JobEntryInput).max(2000),
  /** a new job's control rows (issue 37), by active control lot, added in the same transaction; a saved job's are set through qc */
  controlLotIds: z.array(Id).max(20).default([]),
}));

/**
 * One entry of a job card saved on its own: with `entry.id` (and its `rowVersion`) an existing entry of the
 * job is updated, without `entry.id` a new entry is added at the end of the job. `jobRowVersion`, when
 * given, must still be the job's version (409 otherwise).
 */
export const UpsertJobEntryInput = z.object({
  jobId: Id,
  jobRowVersion: RowVersion.nullable().optional(),
  entry: JobEntryInput,
});

/** The saved entry's id and new version, and the job's new version (a save of one entry bumps the job's too). */
export const UpsertJobEntryOutput = z.object({ id: z.number(), rowVersion: z.number(), jobRowVersion: z.number() });

export const Match = z.object({
  sampleNumber: z.string(),
  testCarbohydrateId: z.number(),
  date: DateTime.nullable(),
  entity: z.string(),
  agent: z.string(),
  agronomist: z.string(),
  farmName: z.string(),
  fieldBlockNumber: z.string(),
  tissueId: z.number().nullable(),
  cropId: z.number().nullable(),
  cultivarId: z.number().nullable(),
  regionId: z.number().nullable(),
  testCarboCropGrowthId: z.number().nullable(),
  source: z.enum(['sample', 'entry']),
});
export type Match = z.infer<typeof Match>;

export const LabResultRow = z.object({
  id: z.number(),
  sampleNumber: z.string(),
  organName: z.string(),
  sugar: z.number().nullable(),
  starch: z.number().nullable(),
  na: z.boolean(),
  rowVersion: z.number(),
});
export type LabResultRow = z.infer<typeof LabResultRow>;

export const JobData = z.object({
  id: z.number(),
  status: JobStatus,
  testCarbohydrateLabResults: z.array(LabResultRow),
});
export type JobData = z.infer<typeof JobData>;

/** Sugar or starch typed in: % of dry matter, so 0–100 (values/result-bounds.ts; the usual range asks a confirmation, checked by the server). */
const ResultValue = decimal({
  min: CARBOHYDRATE_BOUNDS.sugar.min, max: CARBOHYDRATE_BOUNDS.sugar.max, minMessage: BOUND_MESSAGES.negative, maxMessage: BOUND_MESSAGES.atMost(CARBOHYDRATE_BOUNDS.sugar),
}).nullable();
const Reason = text({ max: 500 }).optional();

/** A result of a completed or exported job changes only with a reason (the server refuses it without one). */
export const REASON_REQUIRED = 'A reason is required to change a result of a completed or exported job.';
/** The results dialog's reason, when the job is completed or exported. */
export const ReasonForChange = z.object({ reason: text({ min: 1, max: 500, message: REASON_REQUIRED }) });

export const ResultInput = z.object({
  id: Id,
  sugar: ResultValue,
  starch: ResultValue,
  na: z.boolean().default(false),
  /** the values outside their usual range that the user confirmed (carbohydrateProblems); an unconfirmed one gets 400 at its field */
  confirmed: z.array(z.enum(['sugar', 'starch'])).max(2).default([]),
  /** the version the client loaded; a stale one gets 409, a missing one 400 */
  rowVersion: RowVersion,
  reason: Reason,
});
export type ResultInput = z.input<typeof ResultInput>;

/** One row of the results dialog as its form holds it: the row's values of `ResultInput`, checked with its rules. */
export const ResultRowValues = ResultInput.pick({ id: true, sugar: true, starch: true, na: true });
export type ResultRowValues = z.input<typeof ResultRowValues>;
/** The results dialog's form: its rows, each checked with `ResultInput`'s rules and messages. */
export const ResultRowsForm = z.object({ rows: z.array(ResultRowValues) });

export const UpdateResultsInput = z.object({
  jobId: Id.optional(),
  entries: z.array(ResultInput.omit({ reason: true })).max(5000),
  /** ids queued for removal in the dialog; removed in the same transaction */
  removeIds: z.array(Id).max(5000).default([]),
  reason: Reason,
});

export const CropOption = z.object({
  id: z.number(),
  name: z.string(),
  cultivars: z.array(z.object({ id: z.number(), name: z.string() })),
  regions: z.array(z.object({ id: z.number(), name: z.string() })),
  growths: z.array(z.object({ id: z.number(), name: z.string(), tissueId: z.number().nullable() })),
});
export type CropOption = z.infer<typeof CropOption>;

export const TissueOption = z.object({
  id: z.number(),
  name: z.string(),
  active: z.boolean(),
  organs: z.array(z.object({ id: z.number(), name: z.string(), cropId: z.number() })),
});
export type TissueOption = z.infer<typeof TissueOption>;

export const Suggestions = z.object({
  entities: z.array(z.string()),
  agents: z.array(z.string()),
  agronomists: z.array(z.string()),
  farms: z.array(z.string()),
});
