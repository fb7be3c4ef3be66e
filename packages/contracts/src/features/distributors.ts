import { z } from 'zod';
import { IMAGE_MAX_BYTES, UploadedFile, formInt, id, text, versioned } from '../fields';
import { Empty, FILE_STORE_DOWN, NOT_FOUND, Ok, endpoint } from '../endpoint';
import { MAX_TEXT, PagedRequest, pagedResponse } from '../paging';

/** Largest logo upload accepted (the server's multipart limit is the same). */
export const LOGO_MAX_BYTES = IMAGE_MAX_BYTES;
/** Widest logo preview in the dialog (spec part 1 §9). */
export const LOGO_PREVIEW_MAX_WIDTH = 600;

const FormBool = z.union([z.boolean(), z.enum(['true', 'false', '']).transform((v) => v === 'true')]);
const FormInt = z.preprocess((v) => (v === '' || v === 'null' || v === 'undefined' ? undefined : v), formInt({ min: 0 }).optional());

/** The distributor form as a multipart body: {name, image, id, newImage} (spec part 1 §7). */
/** The fields of the form (the dialog checks a part of them); `DistributorUpsertInput` adds the version rule. */
export const DistributorUpsertFields = z.object({
  id: FormInt,
  name: text({ min: 1, max: MAX_TEXT, message: 'Name required' }),
  /** true when `image` carries a new logo */
  newImage: FormBool.default(false),
  image: UploadedFile.optional(),
  rowVersion: FormInt,
});
export const DistributorUpsertInput = versioned(DistributorUpsertFields);

export const Distributor = z.object({
  id: z.number(),
  name: z.string(),
  imagePath: z.string().nullable(),
  imageHash: z.string().nullable(),
  rowVersion: z.number(),
});
export type Distributor = z.infer<typeof Distributor>;

/**
 * Where a distributor's logo is served: a low-resolution PNG whose path changes with the image's
 * hash, so a changed logo is never served stale. `null` when there is no logo.
 */
export function distributorLogoUrl(d: { imagePath: string | null; imageHash: string | null }, quality: 'low' | 'full' = 'low'): string | null {
  if (!d.imagePath || !d.imageHash) return null;
  return `/upload/distributors/${d.imagePath}-${d.imageHash}${quality === 'low' ? '-low' : ''}.png`;
}

export const distributorEndpoints = {
  paged: endpoint({
    method: 'POST', path: '/api/distributor/paged', writes: 'nothing', access: { permission: 'Distributors' },
    input: PagedRequest, output: pagedResponse(Distributor),
  }),
  /** every live distributor by name: the report dialog's pick list */
  all: endpoint({ method: 'POST', path: '/api/distributor/all', writes: 'nothing', access: { session: true }, input: Empty, output: z.array(Distributor) }),
  upsert: endpoint({
    method: 'POST', path: '/api/distributor/upsert', writes: { version: 'rowVersion' }, answers: { 404: NOT_FOUND, 503: FILE_STORE_DOWN }, access: { permission: 'Distributors' }, multipart: true,
    input: DistributorUpsertInput, output: Distributor,
  }),
  delete: endpoint({
    method: 'POST', path: '/api/distributor/delete', writes: { unversioned: 'removes', reason: 'deletes the distributor' }, answers: { 404: NOT_FOUND }, access: { permission: 'Distributors' },
    input: z.object({ id: id('Choose a distributor') }), output: Ok,
  }),
};
