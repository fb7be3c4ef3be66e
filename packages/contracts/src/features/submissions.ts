import { z } from 'zod';
import { DateTime, Empty, NOT_FOUND, OUTSIDE_LAB_DOWN, Ok, REFUSED_STATE, endpoint } from '../endpoint';
import { RowVersion, id, text } from '../fields';
import { KeysetPagedRequest, keysetPage } from '../paging';
import { FarmersSubmissionDraft, LeafSubmissionDraft, SampleRow } from './submission-draft';
import { SUBMISSION_LABS } from './submission-enums';

/**
 * Submissions, part one (spec part 2 §2 Prepare and Waiting for Lab tabs, §3, §4, §7): leaf calls under
 * /api/submission, the farmers' under /api/farmerssample.
 *
 * - Pending groups (the Prepare tab: `paged`, farmers `pendingsubmissions`): the Not Completed entries of the
 *   kind grouped by day captured, client and farm, the newest day first (then client and farm); paged, searched
 *   (the start of the client or farm) and sorted (date, clientName, farmName, samples, latest) like every list,
 *   by keys (issue 31); `dataIds` are the group's entries.
 * - `preparesubmission {testDataIds}`: the dialog's header prefilled from those entries and one sample row
 *   each, with the test types; a Not Completed entry that is gone answers 409.
 * - `submit`: the draft (header and groups of rows) checked against every rule of §5 (400 naming each field,
 *   e.g. `samples.0.2.sampleNumber`), saved in one transaction with a first history entry; its entries move
 *   to Completed with the submission's id and date. A submission to an outside lab is then sent on the job
 *   queue; a Manual one waits for hand entry.
 * - `archiveleafs {ids}` (the Prepare tab's delete): archives a group's entries.
 * - The tabs' lists by state: `pagedwaiting`, `pagedresults`, `pagedcompleted`, `pagedarchived`;
 * - Waiting for Lab's `manuallabid {labJobId, submissionId}` (true: linked; false: the lab does
 *   not know the job, or the submission has one already), `delete {id}` (only without a lab job id:
 *   'May not delete row with Lab Job number'; its entries return to Not Completed).
 * - `resend {id, rowVersion}` (issue 31): sends an order its outside lab refused, or that could not be sent,
 *   again once fixed (the crops' codes read again; a row still lacking one answers 400 at
 *   `samples.{group}.{row}.cropId`); the rows stay as typed. 409 when the row changed since it was read.
 * - `labcropcodes` (leaf): each crop's code at Nvirotek and at Wynland, so that the Prepare dialog checks the
 *   rows against the chosen lab (`labProblems`) before Submit, as the server does.
 */
export const PendingRow = z.object({
  /** the group's id in the list (a group with the same day, client and farm keeps it while it has entries) */
  id: z.number().int(),
  /** the day the group's entries were captured (synced when they carry no date), YYYY-MM-DD */
  date: z.string(),
  clientName: z.string(),
  farmName: z.string(),
  samples: z.number().int(),
  /** the crops of the group, joined by commas (leaf only) */
  crops: z.string(),
  /** the newest entry synced */
  latest: DateTime,
  dataIds: z.array(z.number().int()),
});
export type PendingRow = z.output<typeof PendingRow>;

export const KeyValue = z.object({ key: z.string(), value: z.string() });

export const PrepareData = z.object({
  data: LeafSubmissionDraft.omit({ samples: true, lab: true }).extend({ lab: z.string() }),
  samples: z.array(SampleRow),
  tests: z.array(KeyValue),
  optionalTests: z.array(KeyValue),
  /** the lab each row's capture shows (ADR 0251), by its id: the dialog shows it and marks a row the chosen lab does not take */
  captureLabs: z.array(z.object({ testDataId: z.number().int(), lab: z.string() })),
});
export type PrepareData = z.output<typeof PrepareData>;

export const SubmissionEvent = z.object({
  at: DateTime,
  by: z.string().nullable(),
  from: z.string().nullable(),
  to: z.string(),
  reason: z.string(),
});
export type SubmissionEvent = z.output<typeof SubmissionEvent>;

export const SUBMISSION_STATES = ['Waiting', 'Results', 'Completed', 'Archived'] as const;

/** A submission on the Waiting for Lab tab (spec §3 lab submission row). */
export const LabSubmissionRow = z.object({
  id: z.number().int(),
  submitted: DateTime,
  clientName: z.string(),
  farmName: z.string(),
  samples: z.number().int(),
  /** the crops of its samples (leaf) */
  crop: z.array(z.string()),
  /** when it was completed (the Completed tab) */
  completed: DateTime.nullable(),
  submittedBy: z.string(),
  lab: z.enum(SUBMISSION_LABS),
  submissionWorkOrder: z.string().nullable(),
  labJobId: z.string().nullable(),
  labWorkOrder: z.string().nullable(),
  /** what the lab or the sending said went wrong (what to fix in our words, then the lab's), shown across the row */
  error: z.string().nullable(),
  /** the lab refused the order (else an error is a failure to send, tried again) */
  refused: z.boolean(),
  /** the sample numbers the lab returned that match no row of the submission (kept, see the Lab Result) */
  unmatched: z.array(z.string()),
  /** the row's version, which Re-send carries */
  rowVersion: z.number().int(),
  state: z.enum(SUBMISSION_STATES),
  /** one of its samples was captured with a location (posting to the farm-management system needs one) */
  hasLocation: z.boolean(),
  /** when it was posted to the farm-management system (the Completed tab), null: not yet */
  postedToMfwDate: DateTime.nullable(),
  history: z.array(SubmissionEvent),
});
export type LabSubmissionRow = z.output<typeof LabSubmissionRow>;

const SubmissionId = id('Choose a submission');
const EntryIds = z.array(id('Choose an entry')).min(1, 'Choose entries').max(500, 'At most 500 entries');
const ManualLabId = z.object({
  labJobId: text({ min: 1, max: 64, message: 'Required' }),
  submissionId: SubmissionId,
});
const Submitted = z.object({ id: z.number().int() });
const Resend = z.object({ id: SubmissionId, rowVersion: RowVersion });
export const LabCropCodeRow = z.object({ cropId: z.number().int(), name: z.string(), nvirotekCode: z.string().nullable(), wynlandCode: z.string().nullable() });

function submissionCalls<D extends z.ZodType>(base: '/api/submission' | '/api/farmerssample', screen: 'Submissions' | 'FarmersSampleSubmissions', draft: D, pendingPath: string) {
  return {
    pending: endpoint({ method: 'POST', path: `${base}/${pendingPath}`, writes: 'nothing', access: { permission: 'SubmissionsPrepare', screen }, input: KeysetPagedRequest, output: keysetPage(PendingRow) }),
    prepare: endpoint({ method: 'POST', path: `${base}/preparesubmission`, writes: 'nothing', answers: { 409: REFUSED_STATE }, access: { permission: 'SubmissionsPrepare', screen }, input: z.object({ testDataIds: EntryIds }), output: PrepareData }),
    submit: endpoint({ method: 'POST', path: `${base}/submit`, writes: { unversioned: 'creates', reason: 'adds a new submission of the chosen entries' }, answers: { 404: NOT_FOUND, 409: REFUSED_STATE }, access: { permission: 'SubmissionsPrepare', screen }, input: draft, output: Submitted,
      // 50 groups of 500 samples as JSON (ADR 0113)
      bodyLimit: 24 * 1024 * 1024 }),
    waiting: endpoint({ method: 'POST', path: `${base}/pagedwaiting`, writes: 'nothing', access: { permission: 'SubmissionsWaitingForLab', screen }, input: KeysetPagedRequest, output: keysetPage(LabSubmissionRow) }),
    results: endpoint({ method: 'POST', path: `${base}/pagedresults`, writes: 'nothing', access: { permission: 'SubmissionsResults', screen }, input: KeysetPagedRequest, output: keysetPage(LabSubmissionRow) }),
    completed: endpoint({ method: 'POST', path: `${base}/pagedcompleted`, writes: 'nothing', access: { permission: 'SubmissionsCompleted', screen }, input: KeysetPagedRequest, output: keysetPage(LabSubmissionRow) }),
    /** the Archived tab: SubmissionsDelete gates it (spec §6) */
    archived: endpoint({ method: 'POST', path: `${base}/pagedarchived`, writes: 'nothing', access: { permission: 'SubmissionsDelete', screen }, input: KeysetPagedRequest, output: keysetPage(LabSubmissionRow) }),
    manualLabId: endpoint({ method: 'POST', path: `${base}/manuallabid`, writes: { unversioned: 'flag', reason: 'sets the lab job number of the submission to the one typed, with its work order at an outside lab' }, answers: { 404: NOT_FOUND, 502: OUTSIDE_LAB_DOWN }, access: { permission: 'SubmissionsWaitingForLab', screen }, input: ManualLabId, output: z.boolean() }),
    delete: endpoint({ method: 'POST', path: `${base}/delete`, writes: { unversioned: 'removes', reason: 'deletes the submission, its entries back to pending' }, answers: { 404: NOT_FOUND, 409: REFUSED_STATE }, access: { permission: 'SubmissionsDelete', screen }, input: z.object({ id: SubmissionId }), output: z.boolean() }),
    resend: endpoint({ method: 'POST', path: `${base}/resend`, writes: { version: 'rowVersion' }, answers: { 404: NOT_FOUND, 409: REFUSED_STATE }, access: { permission: 'SubmissionsWaitingForLab', screen }, input: Resend, output: Ok }),
  };
}

export const submissionEndpoints = {
  ...submissionCalls('/api/submission', 'Submissions', LeafSubmissionDraft, 'paged'),
  /** the Prepare tab's delete: archives a pending group's entries */
  archiveLeafs: endpoint({ method: 'POST', path: '/api/submission/archiveleafs', writes: { unversioned: 'flag', reason: 'archives the chosen entries' }, answers: { 404: NOT_FOUND, 409: REFUSED_STATE }, access: { permission: 'SubmissionsPrepare', screen: 'Submissions' }, input: z.object({ ids: EntryIds }), output: Ok }),
  cropCodes: endpoint({ method: 'GET', path: '/api/submission/labcropcodes', access: { permission: 'SubmissionsPrepare', screen: 'Submissions' }, input: Empty, output: z.array(LabCropCodeRow) }),
};

export const farmersSubmissionEndpoints = submissionCalls('/api/farmerssample', 'FarmersSampleSubmissions', FarmersSubmissionDraft, 'pendingsubmissions');
