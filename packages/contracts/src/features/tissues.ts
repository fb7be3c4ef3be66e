import { z } from 'zod';
import { IdOrNew, RowVersion, id, text, versioned } from '../fields';
import { NOT_FOUND, Ok, REFUSED_STATE, endpoint } from '../endpoint';
import { MAX_TEXT, PagedRequest, pagedResponse } from '../paging';

/**
 * TissueRecord admin (/carbohydratestissues, spec part 2 §2, §3, §7): tissues are the organ types sampled
 * at a growth stage (roots, shoots, …).
 *
 * Payloads:
 * - upsert `{ id (0 or absent = new), name, active?, rowVersion (required when id > 0) }` → the saved TissueRecord.
 *   A blank name answers 400 'Name required'; a stale rowVersion answers 409.
 * - delete `{ id }` → true. A tissue that is the organ type of a current growth stage is refused (409,
 *   naming the stages); otherwise it is archived (hidden everywhere, kept for the entries that name it).
 * - paged: the paging request → `{ rows: TissueRecord[], total }`; sort by name, active or id.
 * - tissueactive `{ id, active }` → true.
 * - index (GET): every tissue that is not archived, by name; getactivetissues (GET): the active ones.
 */
export const TissueRecord = z.object({ id: z.number().int(), name: z.string(), active: z.boolean(), rowVersion: z.number().int() });
export type TissueRecord = z.infer<typeof TissueRecord>;

/** The tissue form's messages that the server decides (spec: names are unique, like language names). */
export const TISSUE_MESSAGES = { nameTaken: 'Name must be unique' } as const;

export const TissueIdField = id('Must be a number', 'Choose a tissue');

export const TissueUpsert = versioned(z.object({
  id: IdOrNew,
  name: text({ min: 1, max: MAX_TEXT, message: 'Name required' }),
  active: z.boolean().default(true),
  rowVersion: RowVersion.optional(),
}));
export type TissueUpsertInput = z.input<typeof TissueUpsert>;

export const tissuesEndpoints = {
  upsert: endpoint({ method: 'POST', path: '/api/carbohydratetissue/upsert', writes: { version: 'rowVersion' }, answers: { 404: NOT_FOUND }, access: { permission: 'CarbohydrateTissues' }, input: TissueUpsert, output: TissueRecord }),
  delete: endpoint({ method: 'POST', path: '/api/carbohydratetissue/delete', writes: { unversioned: 'removes', reason: 'deletes the tissue' }, answers: { 404: NOT_FOUND, 409: REFUSED_STATE }, access: { permission: 'CarbohydrateTissues' }, input: z.object({ id: TissueIdField }), output: Ok }),
  paged: endpoint({ method: 'POST', path: '/api/carbohydratetissue/paged', writes: 'nothing', access: { permission: 'CarbohydrateTissues' }, input: PagedRequest, output: pagedResponse(TissueRecord) }),
  tissueActive: endpoint({
    method: 'POST', path: '/api/carbohydratetissue/tissueactive', writes: { unversioned: 'flag', reason: 'sets the tissue\'s active flag to the value chosen' }, answers: { 404: NOT_FOUND }, access: { permission: 'CarbohydrateTissues' },
    input: z.object({ id: TissueIdField, active: z.boolean({ error: 'Active must be true or false' }) }),
    output: Ok,
  }),
  index: endpoint({ method: 'GET', path: '/api/carbohydratetissue/index', access: { session: true }, input: z.object({}), output: z.array(TissueRecord) }),
  activeTissues: endpoint({ method: 'GET', path: '/api/carbohydratetissue/getactivetissues', access: { session: true }, input: z.object({}), output: z.array(TissueRecord) }),
};
