import { z } from 'zod';
import { endpoint } from '../endpoint';
import { PagedRequest, pagedResponse } from '../paging';
import { syncJob } from './sync-job';

/**
 * Lab crops (/labmins, spec part 2 §2, §3, §7): the crop lists of the two outside labs a submission goes to.
 * Each provider's list is pulled from the lab itself (`sync`); a crop of the crop master points at one lab crop
 * of each provider (assignlab, on the crop master).
 *
 * Payloads:
 * - paged: the paging request → `{ rows: LabCropRow[], total }`; sort by name, shortCode, lab or labProvider.
 * - allcrops (GET): every Nvirotek lab crop, by name (the crop master's Nvirotek selector); wynlandcrops (GET):
 *   every Wynland one.
 * - sync (GET): starts a sync of both providers' lists on the job queue, or finds the one already queued or
 *   running (on any app server), and answers that job (`LabCropSyncJob`, issue 33): while it runs, its message
 *   says what it reads ("Reading Wynland's crops… 2 of 3 pages"); its result says per provider how many lab
 *   crops were added, updated and left as they were, the crops refused (each on its own, with its reason), or
 *   why that provider failed (its list is then left as it was).
 * - syncstatus (GET): the latest lab crop sync job (null before the first), for the screen to poll.
 */
export const LAB_PROVIDERS = ['Nvirotek', 'Wynland'] as const;
export const LabProvider = z.enum(LAB_PROVIDERS);
export type LabProvider = z.infer<typeof LabProvider>;

export const LabCropRow = z.object({
  id: z.number().int(),
  name: z.string(),
  labProvider: LabProvider,
  shortCode: z.string(),
  lab: z.string(),
});
export type LabCropRow = z.infer<typeof LabCropRow>;

export const LAB_CROP_SORTS = ['name', 'shortCode', 'lab', 'labProvider'] as const;

/** One provider's part of a sync. */
export const LabCropSyncOutcome = z.object({
  provider: LabProvider,
  ok: z.boolean(),
  added: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /** crops of its list that could not be read (a NUL, a broken character, a wrong type…), each refused on its own: the lab's id or place, and why */
  refused: z.array(z.object({ crop: z.string(), reason: z.string() })).default([]),
  /** why the provider failed (its list was left as it was) */
  error: z.string().nullable(),
});
export type LabCropSyncOutcome = z.infer<typeof LabCropSyncOutcome>;
export const LabCropSyncResult = z.object({ providers: z.array(LabCropSyncOutcome) });
export type LabCropSyncResult = z.infer<typeof LabCropSyncResult>;

export const LabCropSyncJob = syncJob(LabCropSyncResult);
export type LabCropSyncJob = z.output<typeof LabCropSyncJob>;

const refusedWords = (p: LabCropSyncOutcome) => (p.refused.length ? `, ${p.refused.length} refused (${p.refused.map((r) => `${r.crop}: ${r.reason}`).join('; ')})` : '');

/** The sentence the screen shows for a sync: what each provider did, or that it failed and why. */
export function labSyncSummary(result: LabCropSyncResult): string {
  return result.providers
    .map((p) => (p.ok ? `${p.provider}: ${p.added} added, ${p.updated} updated, ${p.unchanged} unchanged${refusedWords(p)}` : `${p.provider} failed: ${p.error}`))
    .join('. ');
}

/**
 * The message a lab crop sync ends with, whose first words say what happened (a failed lab is never 'synced'):
 * 'Lab crops synced.', 'Lab crops synced in part.' or 'Lab crops were not synced.', then what each lab did.
 */
export function labSyncMessage(job: Pick<LabCropSyncJob, 'status' | 'error' | 'result'>): { ok: boolean; text: string } {
  const result = job.status === 'done' ? job.result : null;
  if (!result) return { ok: false, text: `Lab crops were not synced. ${job.error ?? 'The sync stopped.'}` };
  const failed = result.providers.filter((p) => !p.ok).length;
  const headline = failed === 0 ? 'Lab crops synced.' : failed === result.providers.length ? 'Lab crops were not synced.' : 'Lab crops synced in part.';
  return { ok: failed === 0, text: `${headline} ${labSyncSummary(result)}` };
}

export const labminEndpoints = {
  paged: endpoint({
    method: 'POST', path: '/api/labmin/paged', writes: 'nothing', access: { permission: 'Labmin' },
    input: PagedRequest, output: pagedResponse(LabCropRow),
  }),
  allcrops: endpoint({
    method: 'GET', path: '/api/labmin/allcrops', access: { permission: 'Crop' },
    input: z.object({}), output: z.array(LabCropRow),
  }),
  wynlandcrops: endpoint({
    method: 'GET', path: '/api/labmin/wynlandcrops', access: { permission: 'Crop' },
    input: z.object({}), output: z.array(LabCropRow),
  }),
  sync: endpoint({
    method: 'GET', path: '/api/labmin/sync', writes: { unversioned: 'action', reason: 'starts a sync of the labs\' crops (a job)' }, access: { permission: 'Labmin' },
    input: z.object({}), output: LabCropSyncJob,
    summary: 'Starts a sync of both lab providers\' crop lists (a job; a failing provider leaves its list as it was).',
  }),
  syncStatus: endpoint({
    method: 'GET', path: '/api/labmin/syncstatus', access: { permission: 'Labmin' },
    input: z.object({}), output: LabCropSyncJob.nullable(),
    summary: 'The latest lab crop sync job, null before the first.',
  }),
};
