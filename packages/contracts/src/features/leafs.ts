import { z } from 'zod';
import { Empty, MEDIA, NOT_FOUND, Ok, REFUSED_STATE, endpoint } from '../endpoint';
import { id } from '../fields';
import { KeysetPagedRequest, PagedRequest, keysetPage } from '../paging';
import { CaptureResultFields } from './capture-results';
import { syncJob } from './sync-job';

/**
 * Leaf and soil captures from the field capture app (/leafs, /farmerssampleentries; spec part 2 §2, §3, §7).
 *
 * - GET /api/leaf/sync (Leafs), GET /api/farmerssample/sync (FarmersSampleEntries): starts a sync of the kind
 *   on the job queue, or finds the one already queued or running (on any app server), and answers that job
 *   (`CaptureSyncJob`). The sync pulls every capture of the kind from the capture app (progress 0–70 %) and
 *   imports it (70–100 %): a new capture is added, a changed one updated, an unchanged one left; a capture
 *   that cannot be mapped (unknown crop, no sample number) is kept with its reason. All or nothing: a capture
 *   app failing part way imports nothing and says why (the job's `result`: `ok` false, `error`). Two syncs of a
 *   kind never run at once. The server also syncs every CAPTURE_SYNC_INTERVAL_MINUTES (a scheduled job).
 * - GET /api/leaf/syncstatus, /api/farmerssample/syncstatus: the kind's latest sync job, scheduled or asked
 *   for (null before the first), for the screen to poll.
 * - POST /api/leaf/notcompleted: the paging request → leaf records not yet submitted, newest synced first.
 * - POST /api/leaf/completed and /archived: the same for submitted and archived records.
 * - POST /api/leaf/archive `{ id, archive }`: Not Completed → Archived (true) or Archived → Not Completed
 *   (false); any other move answers 409. POST /api/leaf/updatelab `{ testLeafDataId, lab }` changes a row's lab.
 * - POST /api/leaf/syncfirebasecropphotoandlocation `{ id }`: the record's photo (checked to be an image,
 *   kept in the file store, served at capturePhotoUrl) and location, read again from the capture app; a
 *   failing app answers `ok` false with the reason.
 * - POST /api/leaf/getapidata `{ id }` → `{ original, mapped (with photoUrl), testLeafData }`.
 * - POST /api/leaf/refused, /api/farmerssample/refused: the paging request → the kind's refused captures (the
 *   Refused tab, issue 31): the capture app's id, the reason, and what the capture says; a capture leaves the
 *   list when a later sync accepts it. Its original payload is `getapidata`'s `original`.
 */
export const CaptureSyncResult = z.object({
  kind: z.enum(['leaf', 'soil']),
  /** false: the capture app failed (`error` says how) and nothing was imported */
  ok: z.boolean(),
  error: z.string().nullable(),
  added: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  refused: z.number().int(),
  /** the captures refused by this sync, new or refused before and still (the first 50): the capture app's id and the reason */
  refusedCaptures: z.array(z.object({ key: z.string(), reason: z.string() })),
});
export type CaptureSyncResult = z.output<typeof CaptureSyncResult>;

export const captureSyncSummary = (r: CaptureSyncResult) => `${r.added} new, ${r.updated} updated, ${r.refused} refused`;

/** A sync on the job queue, as the screen follows it; `result` once it is done. */
export const CaptureSyncJob = syncJob(CaptureSyncResult);
export type CaptureSyncJob = z.output<typeof CaptureSyncJob>;

export const LeafRecord = z.object({
  id: z.number().int(),
  lab: z.string(),
  sampleNumber: z.string(),
  crop: z.string().nullable(),
  clientName: z.string(),
  farmName: z.string(),
  blockNumber: z.string(),
  agent: z.string(),
  agronomist: z.string(),
  /** date synced */
  inserted: z.coerce.date(),
  /** date captured */
  appAdded: z.coerce.date().nullable(),
  /** the stored photo (see capturePhotoUrl), once synced */
  photoPath: z.string().nullable(),
});

/** Where a capture's stored photo is served (low resolution). */
export const capturePhotoUrl = (photoPath: string) => `/upload/captures/${photoPath}-low.png`;

export const PhotoSyncResult = z.object({
  ok: z.boolean(),
  error: z.string().nullable(),
  photoPath: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type PhotoSyncResult = z.output<typeof PhotoSyncResult>;
export type LeafRecord = z.output<typeof LeafRecord>;

export const LEAF_LABS = ['Nvirotek', 'Wynland', 'Manual'] as const;
export const LEAF_MESSAGES = {
  archiveConfirm: 'Are you sure you want to archive this row?',
  restoreConfirm: 'Are you sure you want to restore this row?',
  success: 'Successfully',
  failed: 'Failed',
  notArchivable: 'Only a row that is not completed can be archived.',
  notRestorable: 'Only an archived row can be restored.',
  /** a Completed row shows the lab its submission went to (ADR 0251) */
  labOfSubmitted: 'The lab of a submitted row cannot be changed: it shows the lab its submission went to.',
} as const;

/** Excel downloads: the list's search and which of its states, as query parameters. */
export const CaptureExcelQuery = PagedRequest.pick({ search: true, sortBy: true, ascending: true }).extend({
  status: z.enum(['NotCompleted', 'Completed', 'Archived'], { error: 'Choose Not Completed, Completed or Archived' }).default('NotCompleted'),
});
/** The Results tab's Excel download: its search and order (every value of the kind a column, with its unit). */
export const CaptureResultsExcelQuery = PagedRequest.pick({ search: true, sortBy: true, ascending: true });

/**
 * A capture the sync could not import, kept with its reason (the Refused tab): what it says, read as far as
 * it goes (a missing sample number is ''), until a later sync accepts it.
 */
export const RefusedCapture = LeafRecord.omit({ crop: true, photoPath: true }).extend({
  /** the capture app's own id */
  key: z.string(),
  reason: z.string(),
});
export type RefusedCapture = z.output<typeof RefusedCapture>;

export const CaptureApiData = z.object({ original: z.unknown(), mapped: z.unknown(), testLeafData: z.unknown() });

/** A leaf record on the Results tab: its lab result (see capture-results.ts). */
export const LeafResultRecord = LeafRecord.extend(CaptureResultFields.shape);
export type LeafResultRecord = z.output<typeof LeafResultRecord>;

export const leafsEndpoints = {
  /** starts a sync on the job queue (or finds the one under way) and answers the job */
  sync: endpoint({ method: 'GET', path: '/api/leaf/sync', writes: { unversioned: 'action', reason: 'starts a sync with the capture app (a job)' }, access: { permission: 'Leafs' }, input: Empty, output: CaptureSyncJob }),
  /** the latest leaf sync job, scheduled or asked for; null before the first */
  syncStatus: endpoint({ method: 'GET', path: '/api/leaf/syncstatus', access: { permission: 'Leafs' }, input: Empty, output: CaptureSyncJob.nullable() }),
  notCompleted: endpoint({ method: 'POST', path: '/api/leaf/notcompleted', writes: 'nothing', access: { permission: 'Leafs' }, input: KeysetPagedRequest, output: keysetPage(LeafRecord) }),
  completed: endpoint({ method: 'POST', path: '/api/leaf/completed', writes: 'nothing', access: { permission: 'Leafs' }, input: KeysetPagedRequest, output: keysetPage(LeafRecord) }),
  archived: endpoint({ method: 'POST', path: '/api/leaf/archived', writes: 'nothing', access: { permission: 'Leafs' }, input: KeysetPagedRequest, output: keysetPage(LeafRecord) }),
  /** archive a Not Completed row (`archive` true) or restore an Archived one (false) */
  archive: endpoint({
    method: 'POST', path: '/api/leaf/archive', writes: { unversioned: 'flag', reason: 'sets the entry\'s archived flag to the value chosen' }, answers: { 404: NOT_FOUND, 409: REFUSED_STATE }, access: { permission: 'Leafs' },
    input: z.object({ id: id('Choose a leaf record'), archive: z.boolean({ error: 'Archive must be true or false' }) }), output: Ok,
  }),
  updateLab: endpoint({
    method: 'POST', path: '/api/leaf/updatelab', writes: { unversioned: 'flag', reason: 'sets the lab of the entry to the one chosen' }, answers: { 404: NOT_FOUND, 409: REFUSED_STATE }, access: { permission: 'Leafs' },
    input: z.object({ testLeafDataId: id('Choose a leaf record'), lab: z.enum(LEAF_LABS, { error: 'Choose a lab' }) }), output: Ok,
  }),
  /** the list of a state (search applied) as an .xlsx file, streamed */
  pagedExcel: endpoint({ method: 'GET', path: '/api/leaf/pagedexcel', access: { permission: 'Leafs' }, kind: 'file', media: [MEDIA.xlsx], input: CaptureExcelQuery, output: z.unknown() }),
  /** the record's photo (into the file store) and location, read again from the capture app */
  syncPhotoAndLocation: endpoint({
    method: 'POST', path: '/api/leaf/syncfirebasecropphotoandlocation', writes: { unversioned: 'action', reason: 'copies the photo and location from the capture app' }, answers: { 404: NOT_FOUND }, access: { permission: 'Leafs' },
    input: z.object({ id: id('Choose a leaf record') }), output: PhotoSyncResult,
  }),
  getApiData: endpoint({ method: 'POST', path: '/api/leaf/getapidata', writes: 'nothing', answers: { 404: NOT_FOUND }, access: { permission: 'Leafs' }, input: z.object({ id: id('Choose a leaf record') }), output: CaptureApiData }),
  /** the leaf captures the sync could not import, with their reason (the Refused tab) */
  refused: endpoint({ method: 'POST', path: '/api/leaf/refused', writes: 'nothing', access: { permission: 'Leafs' }, input: KeysetPagedRequest, output: keysetPage(RefusedCapture) }),
  /** the leaf records with a lab result, any state (the Results tab; see capture-results.ts) */
  getLeafResults: endpoint({ method: 'POST', path: '/api/leaf/getleafresults', writes: 'nothing', access: { permission: 'LeafResults' }, input: KeysetPagedRequest, output: keysetPage(LeafResultRecord) }),
  /** the Results tab as .xlsx (LeafResults, as the tab) */
  resultsExcel: endpoint({ method: 'GET', path: '/api/leaf/resultsexcel', access: { permission: 'LeafResults' }, kind: 'file', media: [MEDIA.xlsx], input: CaptureResultsExcelQuery, output: z.unknown() }),
};

/** A farmers' sample entry (spec part 2 §3): as a leaf record without a crop, with its submission once completed. */
export const FarmersSampleEntry = LeafRecord.omit({ crop: true }).extend({ submissionJobId: z.number().int().nullable(), submittedOn: z.coerce.date().nullable() });
export type FarmersSampleEntry = z.output<typeof FarmersSampleEntry>;
/** A farmers' sample entry on the Results tab: its lab result (see capture-results.ts). */
export const FarmersSampleResultRecord = FarmersSampleEntry.extend(CaptureResultFields.shape);
export type FarmersSampleResultRecord = z.output<typeof FarmersSampleResultRecord>;

const farmers = { permission: 'FarmersSampleEntries' } as const;
const EntryId = id('Choose a farmers sample entry');
export const farmersSampleEndpoints = {
  sync: endpoint({ method: 'GET', path: '/api/farmerssample/sync', writes: { unversioned: 'action', reason: 'starts a sync with the capture app (a job)' }, access: farmers, input: Empty, output: CaptureSyncJob }),
  syncStatus: endpoint({ method: 'GET', path: '/api/farmerssample/syncstatus', access: farmers, input: Empty, output: CaptureSyncJob.nullable() }),
  notCompleted: endpoint({ method: 'POST', path: '/api/farmerssample/notcompleted', writes: 'nothing', access: farmers, input: KeysetPagedRequest, output: keysetPage(FarmersSampleEntry) }),
  completed: endpoint({ method: 'POST', path: '/api/farmerssample/completed', writes: 'nothing', access: farmers, input: KeysetPagedRequest, output: keysetPage(FarmersSampleEntry) }),
  archived: endpoint({ method: 'POST', path: '/api/farmerssample/archived', writes: 'nothing', access: farmers, input: KeysetPagedRequest, output: keysetPage(FarmersSampleEntry) }),
  archive: endpoint({ method: 'POST', path: '/api/farmerssample/archive', writes: { unversioned: 'flag', reason: 'sets the entry\'s archived flag to the value chosen' }, answers: { 404: NOT_FOUND, 409: REFUSED_STATE }, access: farmers, input: z.object({ id: EntryId, archive: z.boolean({ error: 'Archive must be true or false' }) }), output: Ok }),
  /** archive several Not Completed entries at once (all or none) */
  archiveFarmersSample: endpoint({ method: 'POST', path: '/api/farmerssample/archivefarmerssample', writes: { unversioned: 'flag', reason: 'archives the chosen entries' }, answers: { 404: NOT_FOUND, 409: REFUSED_STATE }, access: farmers, input: z.object({ ids: z.array(EntryId).min(1, 'Choose entries to archive').max(1000) }), output: Ok }),
  getApiData: endpoint({ method: 'POST', path: '/api/farmerssample/getapidata', writes: 'nothing', answers: { 404: NOT_FOUND }, access: farmers, input: z.object({ id: EntryId }), output: CaptureApiData }),
  pagedExcel: endpoint({ method: 'GET', path: '/api/farmerssample/pagedexcel', access: farmers, kind: 'file', media: [MEDIA.xlsx], input: CaptureExcelQuery, output: z.unknown() }),
  /** the farmers' sample captures the sync could not import, with their reason (the Refused tab) */
  refused: endpoint({ method: 'POST', path: '/api/farmerssample/refused', writes: 'nothing', access: farmers, input: KeysetPagedRequest, output: keysetPage(RefusedCapture) }),
  /** the entries with a lab result, any state (the Results tab's wide table; see capture-results.ts) */
  getFarmerSampleResults: endpoint({
    method: 'POST', path: '/api/farmerssample/getfarmersampleresults', writes: 'nothing', access: farmers, input: KeysetPagedRequest, output: keysetPage(FarmersSampleResultRecord),
  }),
  resultsExcel: endpoint({ method: 'GET', path: '/api/farmerssample/resultsexcel', access: farmers, kind: 'file', media: [MEDIA.xlsx], input: CaptureResultsExcelQuery, output: z.unknown() }),
};
