import { z } from 'zod';
import { DateTime, MEDIA, NOT_FOUND, endpoint } from '../endpoint';
import { id, int, text } from '../fields';
import { ORGAN_TYPES } from './submission-enums';

/**
 * Leaf and farmers' report settings and the leaf report's preview (issue 15; spec part 2 §2 Report Settings and
 * Report builder, §3 report header, report sample, preview page, report data (farmers), §4 report flow, §5, §7).
 *
 * - `prereport {ids}`: per submission the Report Settings dialog's data — the report header (the settings saved
 *   last, else defaults from the submission: its language, client, farm, agronomist and agent; distributor and
 *   address 0 (none chosen); GraphNew; only the summary included), its samples (with `matchedResult`: a result is
 *   stored for the sample by the submission's own lab order, `selected`: saved, else matched) and
 *   `extraSampleNumbers`: the samples its lab returned that match none of its rows, 'sample number (lab number)'
 *   (issue 31, ADR 0097).
 * - `updatereportdata [{ …header, samples }]`: checks each report (§5: a selected sample's organ type is not
 *   None, at `{i}.samples.{j}.organTypeEnum`; none selected → noneSelected, none of the selected matched →
 *   noneMatched, at `{i}.samples`), saves the settings (they come back on the next prereport) and answers the
 *   preview's pages: one per selected sample with a result (less N/A ones when `excludeNa`), with the texts
 *   saved for it.
 *   Each report carries `rowVersion`, the version of the settings prereport answered (0: none saved yet): a newer
 *   one answers 409 and saves nothing (ADR 0110); the answer says each report's version after the save.
 * - `savepage {submissionId, sampleId, recommendation, plantSay, rowVersion}`: the preview's Save; the version
 *   read (0: none saved yet) — a newer one answers 409.
 * - GET `questimage {submissionId, leafId, recommendation?, whatDoesPlantSay?}`: the page as a PNG (the chart
 *   against the sample's resolved norms in the header's graph type, DRIS indices and NBI when chosen, the two
 *   texts under their labels in the report's language). Texts left out are the saved ones.
 * - Farmers (`/api/farmerssample`): `prereport {ids}` → §3 report data (farmers); `updatereportdata` → one
 *   item per submission with the number of samples in its report.
 *
 * Access: the report is a row action of the Results, Completed and Archived tabs' one table, like the
 * results, print and docs actions, so it takes the same permission as they do: the screen's (Submissions,
 * FarmersSampleSubmissions).
 */
export const LEAF_REPORT_MESSAGES = {
  noneSelected: 'Could not generate a report, because no leafs have been selected.',
  noneMatched: 'Could not generate a report, because there is no matched report data.',
  organType: 'Choose an organ type',
  unknownSample: 'This sample is not in the submission',
  notLeaf: 'This is not a leaf submission',
  notFarmers: 'This is not a farmers sample submission',
  /**
   * a page asked of a sample without a result: why, by the lab result view's rule (SAMPLE_NO_RESULT: waiting for its
   * lab, its order refused, its lab's answer not read…; ADR 0252), never a bare 'no result yet'
   */
  noResult: (sample: string, why?: string) => (why ? `Sample ${sample} has no result: ${why}` : `Sample ${sample} has no result`),
  imageFailed: 'Could not load image',
  pageChanged: 'The texts of this page were changed by someone else meanwhile. Reload and try again.',
  settingsChanged: 'The report settings were changed by someone else meanwhile. Close this and open the report again.',
} as const;

export const FARMERS_REPORT_MESSAGES = {
  noneSelected: 'Could not generate a report, because no farmers samples have been selected.',
  noneMatched: 'Could not generate a report, because there is no matched report data.',
} as const;

/** The farmers' report messages' titles (spec part 2 §5), by the message they head. */
export const FARMERS_REPORT_TITLES: Readonly<Record<string, string>> = {
  [FARMERS_REPORT_MESSAGES.noneSelected]: 'No farmers samples selected',
  [FARMERS_REPORT_MESSAGES.noneMatched]: 'Could not generate report',
};

/** The longest recommendation or 'What does your plant say?' text. */
export const REPORT_TEXT_MAX = 4000;
export const GRAPH_TYPES = ['GraphOld', 'GraphNew'] as const;
export type GraphType = (typeof GRAPH_TYPES)[number];

const SubmissionId = id('Choose a submission');
const SampleId = id('Choose a sample');
/** an id of a pick list, 0 when none is chosen */
const Pick = int({ min: 0 }).default(0);
const PageText = text({ max: REPORT_TEXT_MAX, trim: false }).default('');
/** The version of a submission's report settings as read (0: none saved yet). */
const SettingsVersion = int({ min: 0, message: 'Version required' });
/** A report's settings as saved: their new version, for the next save from the same dialog. */
export const SavedSettings = z.object({ submissionId: z.number().int(), rowVersion: z.number().int() });
const Ids = z.array(SubmissionId).min(1, 'Choose a submission').max(100, 'At most 100 submissions at once');

/** §3 Report header (leaf). `languageId` 0: the default language (English). */
export const LeafReportHeader = z.object({
  submissionId: SubmissionId,
  languageId: Pick,
  clientName: text({ max: 200 }),
  farmName: text({ max: 200 }),
  agronomistId: Pick,
  agentId: Pick,
  distributorId: Pick,
  addressId: Pick,
  graphType: z.enum(GRAPH_TYPES, { error: 'Choose GraphOld or GraphNew' }).default('GraphNew'),
  includeSummary: z.boolean().default(true),
  includeIndex: z.boolean().default(false),
  includeGuidelines: z.boolean().default(false),
  includeDrisGraphs: z.boolean().default(false),
  includeCultivarLabels: z.boolean().default(false),
  excludeNa: z.boolean().default(false),
  includeSanas: z.boolean().default(false),
});
export type LeafReportHeader = z.output<typeof LeafReportHeader>;

/** §3 Report sample (leaf), as prereport answers it. */
export const LeafReportSample = z.object({
  id: z.number().int(),
  cropId: z.number().int().nullable(),
  cultivars: z.array(z.number().int()),
  dateCaptured: DateTime.nullable(),
  excludeImage: z.boolean(),
  growthStage: z.string(),
  /** the crop's growth stage of that name (case-insensitive), null when none */
  growthStageId: z.number().int().nullable(),
  matchedResult: z.boolean(),
  /** why a sample without a result has none (SAMPLE_NO_RESULT, the lab result view's rule; ADR 0252); null when it has one */
  noResult: z.string().nullable(),
  notes: z.string(),
  sample: z.string(),
  /** the capture (leaf entry) of the sample, null for one typed by hand */
  dataId: z.number().int().nullable(),
  blockNumber: z.string(),
  organTypeEnum: z.string(),
  selected: z.boolean(),
});
export type LeafReportSample = z.output<typeof LeafReportSample>;

export const LeafPreReport = z.object({
  header: LeafReportHeader,
  /** the saved settings' version (0: none saved yet), to send back with them */
  rowVersion: z.number().int(),
  samples: z.array(LeafReportSample),
  extraSampleNumbers: z.array(z.string()),
});
export type LeafPreReport = z.output<typeof LeafPreReport>;

/** A sample as the report builder sends it back: whether it is selected, its organ type and whether its image is left out. */
export const LeafReportSampleChoice = z.object({
  id: SampleId,
  selected: z.boolean().default(true),
  excludeImage: z.boolean().default(false),
  organTypeEnum: z.enum(ORGAN_TYPES, { error: LEAF_REPORT_MESSAGES.organType }).optional(),
});

export const LeafReportRequest = LeafReportHeader.extend({ samples: z.array(LeafReportSampleChoice).max(2000, 'At most 2000 samples'), rowVersion: SettingsVersion });
export type LeafReportRequest = z.input<typeof LeafReportRequest>;

/** §3 Preview page. `imageUrl` is questimage without the texts (the web adds the typed ones). */
export const PreviewPage = z.object({
  imageUrl: z.string(),
  sampleId: z.number().int(),
  submissionId: z.number().int(),
  sample: z.string(),
  recommendation: z.string(),
  plantSay: z.string(),
  /** the saved texts' version (0: none saved yet) */
  rowVersion: z.number().int(),
});
export type PreviewPage = z.output<typeof PreviewPage>;
/** updatereportdata's answer (leaf): the preview's pages, and each report's settings version after the save. */
export const LeafReportPreview = z.object({ pages: z.array(PreviewPage), versions: z.array(SavedSettings) });
export type LeafReportPreview = z.output<typeof LeafReportPreview>;

export const SavePage = z.object({
  submissionId: SubmissionId,
  sampleId: SampleId,
  recommendation: PageText,
  plantSay: PageText,
  rowVersion: int({ min: 0, message: 'Version required' }),
});
export type SavePage = z.input<typeof SavePage>;

const queryId = (message: string) => z.coerce.number({ error: message }).int(message).min(1, message).max(2_147_483_647, message);
export const QuestImageQuery = z.object({
  submissionId: queryId('Choose a submission'),
  leafId: queryId('Choose a sample'),
  recommendation: text({ max: REPORT_TEXT_MAX, trim: false }).optional(),
  whatDoesPlantSay: text({ max: REPORT_TEXT_MAX, trim: false }).optional(),
});
export type QuestImageQuery = z.input<typeof QuestImageQuery>;

export const leafImageUrl = (submissionId: number, sampleId: number) => `/api/submission/questimage?submissionId=${submissionId}&leafId=${sampleId}`;

/** §3 Report data (farmers). */
export const FarmersReportSample = z.object({
  id: z.number().int(),
  dateCaptured: DateTime.nullable(),
  sampleMatched: z.boolean(),
  /** why a sample without a result has none (SAMPLE_NO_RESULT, the lab result view's rule; ADR 0252); null when it has one */
  noResult: z.string().nullable(),
  notes: z.string(),
  sample: z.string(),
  dataId: z.number().int().nullable(),
  blockNumber: z.string(),
  selected: z.boolean(),
});
export const FarmersReportHeader = z.object({
  submissionId: SubmissionId,
  address: Pick,
  agent: Pick,
  agronomistId: Pick,
  distributor: Pick,
  clientName: text({ max: 200 }),
  farmName: text({ max: 200 }),
  languageId: Pick,
});
export type FarmersReportHeader = z.output<typeof FarmersReportHeader>;
export const FarmersReportData = z.object({
  farmerData: FarmersReportHeader.extend({ id: z.number().int(), samples: z.array(FarmersReportSample) }),
  extraSampleNumbers: z.array(z.string()),
  /** the saved settings' version (0: none saved yet), to send back with them */
  rowVersion: z.number().int(),
});
export type FarmersReportData = z.output<typeof FarmersReportData>;
export const FarmersReportRequest = FarmersReportHeader.extend({
  samples: z.array(z.object({ id: SampleId, selected: z.boolean().default(true) })).max(2000, 'At most 2000 samples'),
  rowVersion: SettingsVersion,
});
export type FarmersReportRequest = z.input<typeof FarmersReportRequest>;

const leaf = { permission: 'Submissions' } as const;
const farmers = { permission: 'FarmersSampleSubmissions' } as const;
const MaxReports = 100;

export const leafReportEndpoints = {
  preReport: endpoint({ method: 'POST', path: '/api/submission/prereport', writes: 'nothing', answers: { 404: NOT_FOUND }, access: leaf, input: z.object({ ids: Ids }), output: z.array(LeafPreReport) }),
  updateReportData: endpoint({
    method: 'POST', path: '/api/submission/updatereportdata', writes: { version: 'rowVersion' }, answers: { 404: NOT_FOUND }, access: leaf,
    input: z.array(LeafReportRequest).min(1, 'Choose a submission').max(MaxReports, `At most ${MaxReports} reports`), output: LeafReportPreview,
  }),
  savePage: endpoint({ method: 'POST', path: '/api/submission/savepage', writes: { version: 'rowVersion' }, answers: { 404: NOT_FOUND }, access: leaf, input: SavePage, output: z.object({ rowVersion: z.number().int() }) }),
  questImage: endpoint({ method: 'GET', path: '/api/submission/questimage', answers: { 404: NOT_FOUND }, access: leaf, kind: 'file', media: [MEDIA.png], input: QuestImageQuery, output: z.unknown() }),
};

export const farmersReportEndpoints = {
  preReport: endpoint({ method: 'POST', path: '/api/farmerssample/prereport', writes: 'nothing', answers: { 404: NOT_FOUND }, access: farmers, input: z.object({ ids: Ids }), output: z.array(FarmersReportData) }),
  updateReportData: endpoint({
    method: 'POST', path: '/api/farmerssample/updatereportdata', writes: { version: 'rowVersion' }, answers: { 404: NOT_FOUND }, access: farmers,
    input: z.array(FarmersReportRequest).min(1, 'Choose a submission').max(MaxReports, `At most ${MaxReports} reports`),
    output: z.array(SavedSettings.extend({ samples: z.number().int() })),
  }),
};
