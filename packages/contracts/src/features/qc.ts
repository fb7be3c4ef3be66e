import { z } from 'zod';
import { Id, IdOrNew, RowVersion, decimal, formInt, text, versioned } from '../fields';
import { DateOnly, MEDIA, NOT_FOUND, REFUSED_STATE, endpoint } from '../endpoint';
import { MAX_TEXT, PagedRequest, pagedResponse } from '../paging';
import { WESTGARD_RULES } from '../qc/westgard';

/**
 * Quality control of the carbohydrate runs (issue 37, ADR 0145): control materials (/controlmaterials,
 * permission ControlMaterials), the control rows of a lab job and their results (LabJobs), the release of a
 * held job (QcRelease) and the Levey–Jennings chart of a lot (PNG for the screen, PDF export).
 *
 * - A control result is judged by the Westgard rules over its lot's history when saved: 1-2s warns, the others
 *   reject. A job with a rejected control is held: its client results are refused by the carbohydrate report
 *   and the MFW upload (409, QC_MESSAGES.held) until a repeat with a passing control, or a release with a reason.
 * - A job completes only with a result for each control row and at least one, unless controls are optional
 *   (the QC setting).
 */
export const QC_MESSAGES = {
  lotTaken: 'This lot of this analyte already exists',
  validTo: 'Valid to must not be before valid from',
  lotNotActive: 'Choose an active control lot',
  notHeld: 'This job is not held: nothing to release.',
  reasonRequired: 'A reason is required to release held results.',
  changed: 'This control was changed by someone else since you opened the job. Close the dialog and open it again to see their changes.',
  lotChanged: 'This control material was changed by someone else. Reload and try again.',
  hasResult: 'A control row with a result cannot be removed.',
  held: (jobs: string) => `QC hold: a control of job ${jobs} was rejected by the Westgard rules. Repeat the run with a passing control, or have it released, before reporting these results.`,
  /** controls required (the QC setting) and a control row of the job has no result yet (ADR 0253) */
  heldUnentered: (jobs: string) => `QC hold: the controls of job ${jobs} are not yet entered. Enter every control result of the job before reporting these results (the lab's QC setting requires controls).`,
  repeatReleased: 'Repeated with a passing control',
  /** a save that would complete a job without a control result (controls required: the lab's QC setting) */
  noControl: (job: string) => `Job ${job} has no control result: add a control on its job card and enter its result before completing the job (the lab's QC setting requires controls).`,
  controlUnentered: (job: string) => `Job ${job} has a control without a result: enter the control's result before completing the job.`,
  /** a control result of a completed or exported job changes only with a reason (as its client results do) */
  changeReasonRequired: 'A reason is required to change a control result of a completed or exported job.',
} as const;

/**
 * Why a job's client results are held (ADR 0145, 0253): a control rejected and not released, or (controls
 * required) a control row without its result. The server's one rule (qc feature) answers it for the report, the
 * MFW upload, the results list and the job card.
 */
export const QC_HOLDS = ['rejected', 'unentered'] as const;
export const QcHold = z.enum(QC_HOLDS);
export type QcHold = z.infer<typeof QcHold>;

/** The results list's marker of a held result: its text and its tooltip, by reason. */
export const QC_HOLD_MARKS: Record<QcHold, { label: string; title: string }> = {
  rejected: { label: 'QC hold', title: 'Held: a control of this run was rejected' },
  unentered: { label: 'QC pending', title: 'Held: the controls of this run are not yet entered' },
};

export const ANALYTES = ['sugar', 'starch'] as const;
export const Analyte = z.enum(ANALYTES, { error: 'Choose sugar or starch' });
export type Analyte = z.infer<typeof Analyte>;
/** an analyte as the screens and the chart name it */
export const ANALYTE_LABELS: Record<Analyte, string> = { sugar: 'Sugar', starch: 'Starch' };

const Measured = decimal({ min: 0, max: 100, message: 'Must be a number', minMessage: 'Must not be negative', maxMessage: 'Must be at most 100' });

export const ControlLot = z.object({
  id: z.number(),
  name: z.string(),
  lot: z.string(),
  analyte: Analyte,
  mean: z.number(),
  sd: z.number(),
  validFrom: z.string(),
  validTo: z.string().nullable(),
  active: z.boolean(),
  rowVersion: z.number(),
});
export type ControlLot = z.infer<typeof ControlLot>;

export const ControlLotUpsert = versioned(z.object({
  id: IdOrNew,
  name: text({ min: 1, max: MAX_TEXT, message: 'Name required' }),
  lot: text({ min: 1, max: 64, message: 'Lot required' }),
  analyte: Analyte,
  mean: Measured,
  sd: decimal({ min: 0.000001, max: 100, message: 'Must be a number', minMessage: 'Must be above 0', maxMessage: 'Must be at most 100' }),
  validFrom: DateOnly,
  validTo: DateOnly.nullable().default(null),
  active: z.boolean().default(true),
  rowVersion: RowVersion.optional(),
}).refine((v) => v.validTo === null || v.validTo >= v.validFrom, { path: ['validTo'], message: QC_MESSAGES.validTo }));
export type ControlLotUpsertInput = z.input<typeof ControlLotUpsert>;

export const WestgardRuleName = z.enum(WESTGARD_RULES.map((r) => r.rule) as [string, ...string[]]);
export const QcViolation = z.object({ rule: WestgardRuleName, severity: z.enum(['warning', 'reject']), meaning: z.string() });
export const QcOutcomeValue = z.enum(['pass', 'warning', 'reject']);

/** A control row of a job card, with its result and its judgement. */
export const JobControl = z.object({
  id: z.number(),
  controlLotId: z.number(),
  name: z.string(),
  lot: z.string(),
  analyte: Analyte,
  mean: z.number(),
  sd: z.number(),
  value: z.number().nullable(),
  z: z.number().nullable(),
  outcome: QcOutcomeValue.nullable(),
  violations: z.array(QcViolation),
  released: z.boolean(),
  releaseReason: z.string().nullable(),
  rowVersion: z.number(),
});
export type JobControl = z.infer<typeof JobControl>;

/** `held`: a rejected control waits for a repeat or a release; `hold`: why the job's results are held, if they are (ADR 0253). */
export const JobControls = z.object({ jobId: z.number(), held: z.boolean(), hold: QcHold.nullable(), controlsOptional: z.boolean(), rows: z.array(JobControl) });
export type JobControls = z.infer<typeof JobControls>;

/** The job card's control rows: existing ones by id (kept), new ones by lot; rows left out are removed (only without a result). */
export const SetJobControlsInput = z.object({
  jobId: Id,
  rows: z.array(z.object({ id: IdOrNew, controlLotId: Id })).max(20),
});

/** Control results of a job; a change to a completed or exported job needs `reason` (as its client results do), kept in the audit. */
export const ControlResultsInput = z.object({
  jobId: Id,
  rows: z.array(z.object({ id: Id, value: Measured.nullable(), rowVersion: RowVersion })).max(20),
  reason: text({ max: 500 }).optional(),
});

export const ReleaseInput = z.object({ jobId: Id, reason: text({ min: 1, max: 500, message: QC_MESSAGES.reasonRequired }) });

export const QcSettings = z.object({ controlsOptional: z.boolean(), rowVersion: z.number() });
export const QcSettingsUpdate = z.object({ controlsOptional: z.boolean({ error: 'Must be true or false' }), rowVersion: RowVersion });

/** One run of a lot on its chart, with the rules it violated when it was saved. */
export const ChartRun = z.object({
  controlId: z.number(),
  jobId: z.number(),
  resultOn: z.coerce.date(),
  value: z.number(),
  z: z.number(),
  outcome: QcOutcomeValue,
  violations: z.array(QcViolation),
  released: z.boolean(),
});
export type ChartRun = z.infer<typeof ChartRun>;
export const LotChart = z.object({ lot: ControlLot, runs: z.array(ChartRun) });
export type LotChart = z.infer<typeof LotChart>;

const manage = { permission: 'ControlMaterials' } as const;
const lab = { permission: 'LabJobs' } as const;
const LotQuery = z.object({ lotId: formInt({ min: 1, message: 'Lot required' }) });

export const qcEndpoints = {
  lots: endpoint({ method: 'POST', path: '/api/qc/lots', writes: 'nothing', access: manage, input: PagedRequest, output: pagedResponse(ControlLot) }),
  upsertLot: endpoint({ method: 'POST', path: '/api/qc/upsertlot', writes: { version: 'rowVersion' }, answers: { 404: NOT_FOUND }, access: manage, input: ControlLotUpsert, output: ControlLot }),
  activeLots: endpoint({ method: 'POST', path: '/api/qc/activelots', writes: 'nothing', access: lab, input: z.object({}), output: z.array(ControlLot), summary: 'lots active and valid today, for the job card' }),
  settings: endpoint({ method: 'POST', path: '/api/qc/settings', writes: 'nothing', access: { session: true }, input: z.object({}), output: QcSettings }),
  updateSettings: endpoint({ method: 'POST', path: '/api/qc/updatesettings', writes: { version: 'rowVersion' }, access: manage, input: QcSettingsUpdate, output: QcSettings }),
  jobControls: endpoint({ method: 'POST', path: '/api/qc/jobcontrols', writes: 'nothing', answers: { 404: NOT_FOUND }, access: lab, input: z.object({ jobId: Id }), output: JobControls }),
  setJobControls: endpoint({
    method: 'POST', path: '/api/qc/setjobcontrols', writes: { unversioned: 'action', reason: 'adds the chosen control rows and removes the ones left out that have no result (audited)' },
    answers: { 404: NOT_FOUND, 409: REFUSED_STATE }, access: lab, input: SetJobControlsInput, output: JobControls,
  }),
  saveControlResults: endpoint({
    method: 'POST', path: '/api/qc/savecontrolresults', writes: { version: 'rowVersion' }, answers: { 404: NOT_FOUND }, access: lab, input: ControlResultsInput, output: JobControls,
    summary: 'saves control results and judges each by the Westgard rules; a rejected one holds the job',
  }),
  release: endpoint({
    method: 'POST', path: '/api/qc/release', writes: { unversioned: 'action', reason: 'releases the held job\'s rejected controls with the reason given (audited)' },
    answers: { 404: NOT_FOUND, 409: REFUSED_STATE }, access: { permission: 'QcRelease' }, input: ReleaseInput, output: JobControls,
  }),
  chart: endpoint({ method: 'POST', path: '/api/qc/chart', writes: 'nothing', answers: { 404: NOT_FOUND }, access: manage, input: z.object({ lotId: Id }), output: LotChart }),
  chartPng: endpoint({ method: 'GET', path: '/api/qc/chart.png', answers: { 404: NOT_FOUND }, access: manage, kind: 'file', media: [MEDIA.png], input: LotQuery, output: z.unknown(), summary: 'the Levey–Jennings chart of a lot' }),
  chartPdf: endpoint({ method: 'GET', path: '/api/qc/chart.pdf', answers: { 404: NOT_FOUND }, access: manage, kind: 'file', media: [MEDIA.pdf], input: LotQuery, output: z.unknown(), summary: 'the chart and its runs as PDF' }),
};
