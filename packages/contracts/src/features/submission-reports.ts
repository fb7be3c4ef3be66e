import { z } from 'zod';
import { FILE_STORE_DOWN, MEDIA, NOT_FOUND, endpoint } from '../endpoint';
import { formInt, id, patterned } from '../fields';
import { ReportStatus } from './carbohydrate-report';

/**
 * The leaf and farmers' report PDFs (issue 15; spec part 2 §4 report flow, §7 questpdf): each one a stored
 * record like the carbohydrate report — requested, made off the request path with its progress, kept with the
 * norms, values and texts it used, and downloaded again byte for byte.
 *
 * - Leaf: GET `questpdf?leafIds=1,2,3` (the preview's Download PDF: the pages' sample ids, from one submission
 *   or several — Combine Reports) answers 303 to the report's progress page `/reports/leaf/{id}`; POST
 *   `startreport {leafIds}` is the same as JSON and answers the id. Each sample must be of a leaf submission and
 *   have a result; the report takes each submission's saved settings (updatereportdata) and each page's saved texts.
 * - Farmers: GET `/api/farmerssample/questpdf?submissionIds=1,2` (one submission, or several combined) answers
 *   303 to `/reports/farmers/{id}`; POST `startreport {submissionIds}` answers the id. Each submission's saved
 *   settings choose its samples (else its matched ones).
 * - `reportstatus {id}` and `reportfile {id}` of either kind, under the kind's path and permission.
 */
export const SUBMISSION_REPORT_MESSAGES = {
  leafIds: 'Choose the leafs of the report',
  submissionIds: 'Choose submissions',
  notFound: 'Some of the chosen samples no longer exist; open the report again.',
} as const;

/** At most this many pages (leafs) or submissions in one report. */
export const REPORT_MAX_ITEMS = 2000;

/** Ids in a query string: '1,2,3' (no repeats kept). */
const QueryIds = (message: string) =>
  patterned(/^(\d{1,10})(,\d{1,10})*$/, message, 11 * REPORT_MAX_ITEMS)
    .transform((s) => [...new Set(s.split(',').map(Number))])
    .refine((ids) => ids.every((n) => n >= 1 && n <= 2_147_483_647), message);

const IdArray = (message: string) => z.array(id(message)).min(1, message).max(REPORT_MAX_ITEMS, `At most ${REPORT_MAX_ITEMS} at once`);

export const LeafPdfQuery = z.object({ leafIds: QueryIds(SUBMISSION_REPORT_MESSAGES.leafIds) });
export const FarmersPdfQuery = z.object({ submissionIds: QueryIds(SUBMISSION_REPORT_MESSAGES.submissionIds) });

export const SubmissionReportStatus = ReportStatus.extend({
  kind: z.enum(['leaf', 'soil']),
  submissionIds: z.array(z.number().int()),
});
export type SubmissionReportStatus = z.output<typeof SubmissionReportStatus>;

const ReportId = z.object({ id: formInt({ min: 1, message: 'Choose a report' }) });

/** The URL of a report's progress page (the tab a Download PDF opens). */
export const reportProgressPath = (kind: 'leaf' | 'soil', reportId: number) => `/reports/${kind === 'leaf' ? 'leaf' : 'farmers'}/${reportId}`;

/** A kind's four calls under its path and permission; `key` names the ids a report is asked for. */
function pdfCalls<K extends string>(base: `/api/${string}`, permission: 'Submissions' | 'FarmersSampleSubmissions', key: K, query: z.ZodType<Record<K, number[]>>, message: string) {
  const access = { permission } as const;
  return {
    questPdf: endpoint({
      method: 'GET', path: `${base}/questpdf`, access, kind: 'file', media: [],
      answers: { 303: "The report's progress page (Location), where the PDF is downloaded when it is ready", 404: NOT_FOUND },
      input: query, output: z.unknown() }),
    startReport: endpoint({
      method: 'POST', path: `${base}/startreport`, writes: { unversioned: 'action', reason: 'starts a report job (a new report record)' }, answers: { 404: NOT_FOUND }, access,
      input: z.object({ [key]: IdArray(message) } as Record<K, ReturnType<typeof IdArray>>), output: z.object({ id: z.number().int() }),
    }),
    reportStatus: endpoint({ method: 'GET', path: `${base}/reportstatus`, answers: { 404: NOT_FOUND }, access, input: ReportId, output: SubmissionReportStatus }),
    reportFile: endpoint({ method: 'GET', path: `${base}/reportfile`, answers: { 404: NOT_FOUND, 503: FILE_STORE_DOWN }, access, kind: 'file', media: [MEDIA.pdf], input: ReportId, output: z.unknown() }),
  };
}

export const leafPdfEndpoints = pdfCalls('/api/submission', 'Submissions', 'leafIds', LeafPdfQuery, SUBMISSION_REPORT_MESSAGES.leafIds);
export const farmersPdfEndpoints = pdfCalls('/api/farmerssample', 'FarmersSampleSubmissions', 'submissionIds', FarmersPdfQuery, SUBMISSION_REPORT_MESSAGES.submissionIds);
