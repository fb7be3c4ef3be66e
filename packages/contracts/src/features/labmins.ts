import { z } from 'zod';
import { endpoint } from '../endpoint';
import { PagedRequest, pagedResponse } from '../paging';

/**
 * Lab crops (/labmins, spec part 2 §2, §3, §7): the crop lists of the two outside labs a submission goes to.
 * Each provider's list is pulled from the lab itself (`sync`); a crop of the crop master points at one lab crop
 * of each provider (assignlab, on the crop master).
 *
 * Payloads:
 * - paged: the paging request → `{ rows: LabCropRow[], total }`; sort by name, shortCode, lab or labProvider.
 * - allcrops (GET): every Nvirotek lab crop, by name (the crop master's Nvirotek selector); wynlandcrops (GET):
 *   every Wynland one.
 * - sync (GET): pulls both providers' lists; answers per provider how many lab crops were added, updated and
 *   left as they were, or why that provider failed (its list is then left as it was).
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
  /** why the provider failed (its list was left as it was) */
  error: z.string().nullable(),
});
export type LabCropSyncOutcome = z.infer<typeof LabCropSyncOutcome>;
export const LabCropSyncResult = z.object({ providers: z.array(LabCropSyncOutcome) });
export type LabCropSyncResult = z.infer<typeof LabCropSyncResult>;

/** The sentence the screen shows for a sync: what each provider did, or that it failed and why. */
export function labSyncSummary(result: LabCropSyncResult): string {
  return result.providers
    .map((p) => (p.ok ? `${p.provider}: ${p.added} added, ${p.updated} updated, ${p.unchanged} unchanged` : `${p.provider} failed: ${p.error}`))
    .join('. ');
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
    input: z.object({}), output: LabCropSyncResult,
    summary: 'Pulls both lab providers\' crop lists; a failing provider leaves its list as it was.',
  }),
};
