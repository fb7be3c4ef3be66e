import { z } from 'zod';
import { INT4_MAX, formInt, text } from '../fields';
import { DateTime, FILE_STORE_DOWN, MEDIA, NOT_FOUND, endpoint } from '../endpoint';

const FormBool = z.union([z.boolean(), z.enum(['true', 'false', 'on', 'off', '1', '0']).transform((v) => v === 'true' || v === 'on' || v === '1')]);
const RequiredId = (message: string) => formInt({ min: 1, message });
const Id = RequiredId('Required');
const Text = (message: string) => text({ min: 1, max: 200, message });

/** 'group,id' pairs joined by semicolons, in the order the user selected them (an id is a stored one: 1 to INT4_MAX). */
export const ReportSelection = text({ max: 200_000, trim: false, message: 'Select at least one result' })
  .transform((s, ctx) => {
    const pairs = s.split(';').map((p) => p.trim()).filter(Boolean).map((p) => {
      const comma = p.lastIndexOf(',');
      return { group: p.slice(0, comma), id: Number(p.slice(comma + 1)) };
    });
    if (pairs.length === 0 || pairs.some((p) => !p.group || !Number.isInteger(p.id) || p.id <= 0 || p.id > INT4_MAX)) {
      ctx.addIssue({ code: 'custom', message: 'Select at least one result' });
      return z.NEVER;
    }
    return pairs;
  });

/**
 * The report request (spec part 1 §3); every field is required (§5 report dialog rules), with the dialog's
 * messages: the dialog checks this schema and the server parses it.
 */
export const ReportRequest = z.object({
  result: ReportSelection,
  langId: RequiredId('Language is required').describe('language'),
  client: Text('Client Name is required'),
  farm: Text('Farm Name is required'),
  agriculturist: Text('Agriculturist is required'),
  agent: Text('Agent is required'),
  // named as the dialog's field is (spec: 'Distributors'), as every other message names its field
  distributor: RequiredId('Distributors is required'),
  addressId: RequiredId('Address is required'),
  lowImageQuality: FormBool.default(false),
  includeSummary: FormBool.default(true),
  /** state the controls of the runs reported (issue 37) */
  includeControls: FormBool.default(false),
});
export type ReportRequestInput = z.input<typeof ReportRequest>;

/** Why a report or an upload is refused: a selected result is held by a rejected control of its run (issue 37). */
const QC_HELD = 'A selected result is held by a rejected quality control of its run: the message names the jobs';

/** A client of a selection: the entries' client (Client Name, as entered) and how many of the selected entries are its. */
export const SelectionClient = z.object({ client: z.string(), entries: z.number().int() });
export type SelectionClient = z.output<typeof SelectionClient>;

const named = (clients: readonly SelectionClient[]) => clients.map((c) => `${c.client} (${c.entries})`).join(', ');

/**
 * A selection spanning clients (ADR 0252): the report is made under the one client its dialog names, so the dialog
 * says so before Download; Upload to MFW would post every client's results under that one client, so it is refused.
 */
export const CARBOHYDRATE_REPORT_MESSAGES = {
  manyClients: (clients: readonly SelectionClient[]) =>
    `The selection holds entries of ${clients.length} clients: ${named(clients)}. The report is made under the one client in Client Name; its pages name each group's own client.`,
  uploadOneClient: (clients: readonly SelectionClient[]) =>
    `Upload to MFW posts the results under one client, so it takes the entries of one client only; the selection holds entries of ${clients.length} clients: ${named(clients)}. Select the entries of one client.`,
  /** the dialog's line under manyClients (the clients are named just above it); the button's tooltip says uploadOneClient */
  uploadOneClientShort: 'Upload to MFW takes the entries of one client only: select the entries of one client to upload them.',
} as const;

export const PostResult = z.object({ status: z.enum(['Success', 'Failed']), message: z.string() });

export const ReportStatus = z.object({
  id: z.number(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  progress: z.number(),
  error: z.string().nullable(),
  fileName: z.string().nullable(),
  createdAt: DateTime,
});

export const carbohydrateReportEndpoints = {
  getLabResult: endpoint({
    method: 'POST', path: '/api/carbohydrate/getlabresult', writes: 'nothing', answers: { 404: NOT_FOUND }, access: { permission: 'CarbohydrateEntries' },
    input: z.object({ id: Id }),
    output: z.object({ agronomist: z.string(), entity: z.string(), farmName: z.string(), agent: z.string() }),
  }),
  /** The clients of a selection's entries, in selection order, with how many entries each (ADR 0252). */
  selectionClients: endpoint({
    method: 'POST', path: '/api/carbohydrate/selectionclients', writes: 'nothing', access: { permission: 'CarbohydrateEntries' },
    input: z.object({ result: ReportSelection }), output: z.array(SelectionClient),
  }),
  /** The dialog's pick lists: languages, addresses (default first) and distributors. */
  reportOptions: endpoint({
    method: 'POST', path: '/api/carbohydrate/reportoptions', writes: 'nothing', access: { permission: 'CarbohydrateEntries' },
    input: z.object({}).optional().default({}),
    output: z.object({
      languages: z.array(z.object({ id: z.number(), name: z.string() })),
      addresses: z.array(z.object({ id: z.number(), name: z.string(), isDefault: z.boolean() })),
      distributors: z.array(z.object({ id: z.number(), name: z.string() })),
    }),
  }),
  /** The dialog's Download: a form post to a new tab; answers with a redirect to the report's progress page. */
  blockReport: endpoint({
    method: 'POST', path: '/api/carbohydrate/blockreport', writes: { unversioned: 'action', reason: 'starts a report job (a new report record)' }, access: { permission: 'CarbohydrateEntries' },
    input: ReportRequest, output: z.unknown(), kind: 'file', media: [], multipart: true,
    answers: { 303: "The report's progress page (Location), where the PDF is downloaded when it is ready", 409: QC_HELD },
  }),
  /** Starts a report from the dialog (JSON) and answers its id; the same work as blockreport. */
  startReport: endpoint({
    method: 'POST', path: '/api/carbohydrate/startreport', writes: { unversioned: 'action', reason: 'starts a report job (a new report record)' }, access: { permission: 'CarbohydrateEntries' },
    input: ReportRequest, output: z.object({ id: z.number() }), answers: { 409: QC_HELD },
  }),
  reportStatus: endpoint({
    method: 'GET', path: '/api/carbohydrate/reportstatus', answers: { 404: NOT_FOUND }, access: { permission: 'CarbohydrateEntries' },
    input: z.object({ id: Id }), output: ReportStatus,
  }),
  /** The stored PDF, unchanged however often it is downloaded again. */
  reportFile: endpoint({
    method: 'GET', path: '/api/carbohydrate/reportfile', answers: { 404: NOT_FOUND, 503: FILE_STORE_DOWN }, access: { permission: 'CarbohydrateEntries' },
    input: z.object({ id: Id }), output: z.unknown(), kind: 'file', media: [MEDIA.pdf],
  }),
  /** Posts the selection's results to MFW under the dialog's client: a selection of several clients answers 400 at `result` (uploadOneClient). */
  postToMfw: endpoint({
    method: 'POST', path: '/api/carbohydrate/posttomfw', writes: { unversioned: 'action', reason: 'posts the report to MFW and records the posting' }, access: { permission: 'CarbohydrateEntries' },
    input: ReportRequest, output: z.array(PostResult), answers: { 409: QC_HELD },
  }),
};
