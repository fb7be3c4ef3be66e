import { z } from 'zod';
import { endpoint } from '../endpoint';
import { PagedRequest, pagedResponse } from '../paging';
import { ReferenceOriginate } from './reference-lists';

/** A farm as /farms shows it (spec part 1 §3: client, farm, mfwId, originate). */
export const FarmRow = z.object({
  id: z.number().int(),
  client: z.string(),
  farm: z.string(),
  mfwId: z.string().nullable(),
  originate: ReferenceOriginate,
});
export type FarmRow = z.infer<typeof FarmRow>;

export const FARM_SORTS = ['client', 'farm', 'mfwId', 'originate'] as const;

/** /farms: read-only, Admin only. */
export const farmsEndpoints = {
  paged: endpoint({
    method: 'POST', path: '/api/farm/paged', writes: 'nothing', access: { permission: 'Admin' },
    input: PagedRequest, output: pagedResponse(FarmRow),
  }),
};
