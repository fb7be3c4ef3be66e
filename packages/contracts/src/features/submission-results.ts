import { z } from 'zod';
import { DateTime, FILE_STORE_DOWN, MEDIA, NOT_FOUND, Ok, REFUSED_STATE, endpoint } from '../endpoint';
import { UploadedFile, decimal, id, int, patterned, text } from '../fields';
import { SUBMISSION_LABS } from './submission-enums';

/**
 * Submissions, part two (issue 14; spec part 2 §2 manual submission entry, the Results/Completed/Archived
 * table and its dialogs, §3 manual result rows, lab result view, document/file, §5 manual entry, §7):
 *
 * - `getsamplenumbersforsubmission {submissionId}`: the manual entry sheet, one row per sample of the
 *   submission with what is stored for it (lab number, N/A, values by code) and the row's result version
 *   (0: nothing stored yet).
 * - `updatemanualsubmission {submissionId, manualResult, submit, reason}`: saves the given rows in one
 *   transaction through the one results store (a changed value keeps the old one, who, when and why in the
 *   audit). Each row carries the `rowVersion` it read: a newer one stored answers 409 and nothing is saved.
 *   A row saved must hold a value, a lab number or N/A (MANUAL_ENTRY_MESSAGES.rowEmpty at
 *   `manualResult.{i}`), never N/A and values (at `manualResult.{i}.na`). Each value must be possible for its
 *   element and unit, and one outside its usual range must be named in the row's `confirmed` (else 400 at
 *   `manualResult.{i}.values.{code}`, values/result-bounds.ts). `submit: true` (the dialog's Save, after 'Are you sure you want to submit this
 *   manual submission?') also needs every sample of the submission to hold one (else rowEmpty at
 *   `manualResult.{n}`, n the sample's index in the sheet's row order, and nothing is saved), then moves a
 *   Waiting submission to Results. Changing the results of a Completed submission needs a `reason`.
 * - `complete {id}`: a submission with results (Results) becomes Completed.
 * - `archive {id}` (farmers: `archivesubmission`) / `restore {id}`: Results or Completed → Archived, and back to the state it left.
 * - `getresults {id}`: the lab result view (§3) of a submission; a sample without values says why (`no_result`,
 *   SAMPLE_NO_RESULT: N/A, waiting for its lab or to be typed in, its order refused or not sent yet, its lab's answer
 *   not read while the lab gives its work order to another lab job or does not know it): never silently empty.
 * - `print {id}`: the lab results as printable HTML, `html: null` when there are none ('No lab results
 *   available'), then `noResult` says why (each SAMPLE_NO_RESULT its samples give, once; ADR 0252). Not offered for
 *   Manual nor the manual farmer lab (their results are the manual entry).
 * - `getdocs {id}`, `uploadmanualsubmissionfiles` (the spec's insertfiles; multipart: submissionId, files;
 *   checked by content and size; a file whose bytes the submission already holds is not kept again),
 *   `deletefiles {submissionId, fileIds}` (SubmissionsDelete; audited), GET `downloaddocument {fileId, submissionId}`.
 * - GET `/api/submission/exportresultsleaf` and `/api/submission/exportresultsfarmersample {state, ids}`: the
 *   results of the chosen submissions (or of every submission in the state) as an Excel workbook, streamed.
 */
export const MANUAL_ENTRY_MESSAGES = {
  /** a paste or CSV brings values into a row marked N/A: the row is no longer N/A */
  naCleared: (n: number) => `N/A will be cleared on ${n} ${n === 1 ? 'row' : 'rows'}`,
  /** ticking N/A on a row holding values */
  naClears: (sample: string, n: number) => `Sample ${sample} holds ${n} ${n === 1 ? 'value' : 'values'}. N/A clears ${n === 1 ? 'it' : 'them'}: a sample marked N/A has no values.`,
  naWithValues: 'A sample marked N/A has no values',
  rowEmpty: '(Please ensure that each row contains at least one entry or is marked as N/A)',
  confirm: 'Are you sure you want to submit this manual submission?',
  loadFailed: 'Could not get samples.',
  saveFailed: 'Could not save result.',
  notManual: 'Results of this submission come from its lab; they are not entered by hand.',
  notOpen: 'This submission is archived; restore it to change its results.',
  reasonRequired: 'Say why the results of a completed submission change',
  unknownSample: 'This sample is not in the submission',
  /** a lab number names one sample of the submission (the lab's number for it) */
  labNumberTaken: (labNumber: string, sample: string) => `Lab number ${labNumber} is already given to sample ${sample} of this submission`,
  noResults: 'No lab results available',
  noFiles: 'No files found.',
  notUploaded: (n: number) => `(${n} rows not uploaded)`,
  completeNeedsResults: 'Only a submission with results can be completed.',
  /**
   * Complete's question for an outside lab's submission some of whose samples still wait for their result: the
   * results poll reads only Waiting and Results submissions, so completing stops reading the rest.
   */
  completeWhileWaiting: (waiting: number, total: number, lab: string) =>
    `${waiting} of ${total} samples are still waiting for ${lab}'s result, and ${lab}'s results are no longer read once the submission is completed. Complete it anyway?`,
  archiveFrom: 'Only a submission with results or a completed one can be archived.',
  restoreFrom: 'Only an archived submission can be restored.',
  changed: 'This submission was changed by someone else meanwhile. Reload and try again.',
  fileType: 'Upload a PDF, an image (PNG or JPEG), a spreadsheet (.xlsx or .csv) or a Word document (.docx)',
  fileSize: 'Each file must be at most 10 MB',
  noFile: 'Choose at least one file',
  alreadyUploaded: 'This file is already uploaded',
  confirmDeleteFile: (name: string) => `Are you sure you want to delete the file ${name}?`,
} as const;

/**
 * Why a sample of the lab result view shows no values (issue 31, ADR 0117: a sample is never silently empty).
 * `lab` is the lab's name as the view shows it.
 */
export const SAMPLE_NO_RESULT = {
  na: 'N/A: not analysed',
  typing: 'Waiting for its results to be typed in',
  noValues: 'A lab number only: no values were typed in',
  notSent: (lab: string) => `Waiting to be sent to ${lab}`,
  refused: (lab: string) => `Not analysed: ${lab} refused the order`,
  waiting: (lab: string) => `Waiting for ${lab}'s result`,
  /** waiting, while the lab has returned samples that match no row (listed below the samples) */
  waitingOrUnmatched: (lab: string) => `Waiting for ${lab}'s result; or is it one of the samples ${lab} returned that match no row?`,
  /**
   * not waiting: the lab now gives the submission's work order to another lab job (it reused the number), so its
   * answer is not read into the submission until it answers the work order under the submission's own job (ADR 0245)
   */
  notRead: (lab: string, workOrder: string) =>
    `Not read: ${lab} now gives work order ${workOrder} to another lab job, so ${lab}'s answer is not read into this submission until ${lab} answers work order ${workOrder} under this submission's own lab job`,
  /** not waiting: the lab answers that it does not know the submission's work order (404), so nothing more of it is read (ADR 0248) */
  notKnown: (lab: string, workOrder: string) =>
    `Not read: ${lab} answers that it does not know work order ${workOrder}, so nothing more is read into this submission until ${lab} answers it again. Ask ${lab} about work order ${workOrder}`,
} as const;

/** Largest document accepted by `uploadmanualsubmissionfiles`, and how many at once. */
export const SUBMISSION_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const SUBMISSION_FILES_AT_ONCE = 10;
/** The media types a stored document is answered in (the server's platform/storage/document-types.ts). */
export const DOCUMENT_MEDIA = [
  MEDIA.pdf, MEDIA.png, 'image/jpeg', MEDIA.xlsx, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'text/plain',
] as const;

/** A measured value as entered: a bounded decimal, or null when not measured. */
const ResultNumber = decimal({ min: -1e9, max: 1e9 }).nullable();

/** One sample row of the manual entry sheet (§3 manual result row), values by the codes of LEAF_RESULT_VALUES or FARMERS_RESULT_VALUES. */
export const ManualResultRow = z.object({
  /** the submission sample */
  sampleId: id('Choose a sample'),
  sampleNumber: z.string(),
  labNumber: z.string(),
  na: z.boolean(),
  values: z.record(z.string(), z.number()),
  /** the stored result's version (0: none yet) */
  rowVersion: z.number().int(),
});
export type ManualResultRow = z.output<typeof ManualResultRow>;

export const ManualEntrySheet = z.object({
  submissionId: z.number().int(),
  kind: z.enum(['leaf', 'soil']),
  lab: z.enum(SUBMISSION_LABS),
  state: z.string(),
  clientName: z.string(),
  farmName: z.string(),
  rows: z.array(ManualResultRow),
});
export type ManualEntrySheet = z.output<typeof ManualEntrySheet>;

export const MAX_MANUAL_ROWS = 2000;

export const ManualResultInput = z.object({
  sampleId: id('Choose a sample'),
  labNumber: text({ max: 64 }).default(''),
  na: z.boolean().default(false),
  values: z.record(text({ max: 32, min: 1 }), ResultNumber).default({}),
  /** the codes of the values outside their usual range that the typist confirmed (values/result-bounds.ts) */
  confirmed: z.array(text({ max: 32, min: 1 })).max(100).default([]),
  /** the version read (0: the row had no result) */
  rowVersion: int({ min: 0, message: 'Version required' }),
});
export type ManualResultInput = z.input<typeof ManualResultInput>;

export const ManualSubmissionUpdate = z.object({
  submissionId: id('Choose a submission'),
  manualResult: z.array(ManualResultInput).max(MAX_MANUAL_ROWS, `At most ${MAX_MANUAL_ROWS} rows`),
  /** the dialog's Save: every sample must hold a result, then the submission has results */
  submit: z.boolean().default(false),
  /** why a completed submission's results change */
  reason: text({ max: 500 }).default(''),
});
export type ManualSubmissionUpdate = z.input<typeof ManualSubmissionUpdate>;

export const ManualSaveResult = z.object({
  rows: z.array(z.object({ sampleId: z.number().int(), rowVersion: z.number().int() })),
  state: z.string(),
});
export type ManualSaveResult = z.output<typeof ManualSaveResult>;

const LabSampleData = z.object({
  lab_number: z.string(),
  sample_reference: z.string(),
  resultvalue: z.array(z.object({
    code: z.string(), name: z.string(), lab_result: z.number().nullable(), unit: z.string(),
    /** an outside lab's value outside its bounds, kept with what is wrong with it (absent when it is not) */
    flag: z.string().optional(),
  })),
  /** why the sample shows no values (SAMPLE_NO_RESULT); absent when it holds a result */
  no_result: z.string().optional(),
});

/**
 * The lab result view (§3): snake_case as the spec names it. Only the results of the submission's own lab order
 * (issue 31); `error`: the order's refusal or failure (what to fix, in our words and the lab's), null when none;
 * `unmatched`: samples the lab returned that match no row, kept with their lab number, values and when.
 */
export const LabResultView = z.object({
  lab_name: z.string(),
  sampleData: z.array(LabSampleData),
  error: z.string().nullable(),
  unmatched: z.array(LabSampleData.extend({ received_at: DateTime, reason: z.string() })),
  /** how many samples still wait for their outside lab's result (completing the submission stops the poll reading them) */
  waiting: z.number().int(),
});
export type LabResultView = z.output<typeof LabResultView>;

/** `print`: the printable page, or none and why (the samples' reasons, each once; empty when there is a page). */
export const PrintedResults = z.object({ html: z.string().nullable(), noResult: z.array(z.string()) });

export const SubmissionDocument = z.object({ id: z.number().int(), name: z.string(), size: z.number().int(), uploadedAt: DateTime });
export type SubmissionDocument = z.output<typeof SubmissionDocument>;

const SubmissionId = id('Choose a submission');
const ById = z.object({ id: SubmissionId });
const File = z.unknown();

/** The ids of the chosen submissions in a query string: '1,2,3'. */
const IdList = patterned(/^(\d{1,10})(,\d{1,10})*$/, 'Choose submissions', 11 * 1000)
  .transform((s) => s.split(',').map(Number))
  .refine((ids) => ids.every((n) => n >= 1 && n <= 2_147_483_647), 'Choose submissions');

export const ExportResultsQuery = z.object({
  state: z.enum(['Results', 'Completed', 'Archived'], { error: 'Choose Results, Completed or Archived' }),
  ids: IdList.optional(),
});

export const UploadSubmissionFiles = z.object({
  submissionId: z.coerce.number({ error: 'Choose a submission' }).int('Choose a submission').min(1, 'Choose a submission').max(2_147_483_647, 'Choose a submission'),
  files: z.array(UploadedFile).min(1, MANUAL_ENTRY_MESSAGES.noFile).max(SUBMISSION_FILES_AT_ONCE, `At most ${SUBMISSION_FILES_AT_ONCE} files at once`),
});

/** `deletefiles` (spec part 2 §6): documents of a submission to delete. */
export const DeleteSubmissionFiles = z.object({
  submissionId: SubmissionId,
  fileIds: z.array(id('Choose a file')).min(1, 'Choose a file').max(100, 'At most 100 files at once'),
});

export const DownloadDocumentQuery = z.object({
  fileId: z.coerce.number({ error: 'Choose a file' }).int('Choose a file').min(1, 'Choose a file').max(2_147_483_647, 'Choose a file'),
  submissionId: z.coerce.number({ error: 'Choose a submission' }).int('Choose a submission').min(1, 'Choose a submission').max(2_147_483_647, 'Choose a submission'),
});

type Base = '/api/submission' | '/api/farmerssample';
type Screen = 'Submissions' | 'FarmersSampleSubmissions';

function resultCalls(base: Base, screen: Screen, archivePath: string) {
  return {
    sampleNumbers: endpoint({ method: 'POST', path: `${base}/getsamplenumbersforsubmission`, writes: 'nothing', answers: { 404: NOT_FOUND }, access: { permission: 'SubmissionsWaitingForLab', screen }, input: z.object({ submissionId: SubmissionId }), output: ManualEntrySheet }),
    updateManual: endpoint({ method: 'POST', path: `${base}/updatemanualsubmission`, writes: { version: 'rowVersion' }, answers: { 404: NOT_FOUND }, access: { permission: 'SubmissionsWaitingForLab', screen }, input: ManualSubmissionUpdate, output: ManualSaveResult }),
    complete: endpoint({ method: 'POST', path: `${base}/complete`, writes: { unversioned: 'flag', reason: 'moves the submission from Results to Completed' }, answers: { 404: NOT_FOUND, 409: REFUSED_STATE }, access: { permission: 'SubmissionsResults', screen }, input: ById, output: Ok }),
    archive: endpoint({ method: 'POST', path: `${base}/${archivePath}`, writes: { unversioned: 'flag', reason: 'moves the submission to Archived' }, answers: { 404: NOT_FOUND, 409: REFUSED_STATE }, access: { permission: 'SubmissionsDelete', screen }, input: ById, output: Ok }),
    restore: endpoint({ method: 'POST', path: `${base}/restore`, writes: { unversioned: 'flag', reason: 'moves an archived submission back' }, answers: { 404: NOT_FOUND, 409: REFUSED_STATE }, access: { permission: 'SubmissionsDelete', screen }, input: ById, output: Ok }),
    getResults: endpoint({ method: 'POST', path: `${base}/getresults`, writes: 'nothing', answers: { 404: NOT_FOUND }, access: { permission: screen }, input: ById, output: LabResultView }),
    print: endpoint({ method: 'POST', path: `${base}/print`, writes: 'nothing', answers: { 404: NOT_FOUND }, access: { permission: screen }, input: ById, output: PrintedResults }),
    getDocs: endpoint({ method: 'POST', path: `${base}/getdocs`, writes: 'nothing', answers: { 404: NOT_FOUND }, access: { permission: screen }, input: ById, output: z.array(SubmissionDocument) }),
    uploadFiles: endpoint({ method: 'POST', path: `${base}/uploadmanualsubmissionfiles`, writes: { unversioned: 'creates', reason: 'adds the uploaded documents' }, answers: { 404: NOT_FOUND, 503: FILE_STORE_DOWN }, access: { permission: 'SubmissionsWaitingForLab', screen }, multipart: true, input: UploadSubmissionFiles, output: z.array(SubmissionDocument) }),
    deleteFiles: endpoint({ method: 'POST', path: `${base}/deletefiles`, writes: { unversioned: 'removes', reason: 'deletes the chosen documents of the submission (and their bytes)' }, answers: { 404: NOT_FOUND }, access: { permission: 'SubmissionsDelete', screen }, input: DeleteSubmissionFiles, output: Ok }),
    downloadDocument: endpoint({ method: 'GET', path: `${base}/downloaddocument`, answers: { 404: NOT_FOUND, 503: FILE_STORE_DOWN }, access: { permission: screen }, kind: 'file', media: DOCUMENT_MEDIA, input: DownloadDocumentQuery, output: File }),
  };
}

export const submissionResultEndpoints = {
  ...resultCalls('/api/submission', 'Submissions', 'archive'),
  exportResults: endpoint({ method: 'GET', path: '/api/submission/exportresultsleaf', access: { permission: 'SubmissionsResults', screen: 'Submissions' }, kind: 'file', media: [MEDIA.xlsx], input: ExportResultsQuery, output: File }),
};

export const farmersSubmissionResultEndpoints = {
  // /api/farmerssample/archive is the entries' archive {id, archive}
  ...resultCalls('/api/farmerssample', 'FarmersSampleSubmissions', 'archivesubmission'),
  exportResults: endpoint({ method: 'GET', path: '/api/submission/exportresultsfarmersample', access: { permission: 'SubmissionsResults', screen: 'FarmersSampleSubmissions' }, kind: 'file', media: [MEDIA.xlsx], input: ExportResultsQuery, output: File }),
};
