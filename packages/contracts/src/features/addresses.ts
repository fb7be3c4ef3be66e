import { z } from 'zod';
import { IdOrNew, RowVersion, id, text, versioned } from '../fields';
import { Empty, NOT_FOUND, Ok, endpoint } from '../endpoint';
import { MAX_TEXT, PagedRequest, pagedResponse } from '../paging';

export const LOGO_WORD_MAX = 20;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A required text field with the spec's message (part 1 §5). */
const required = (message: string) => text({ min: 1, max: MAX_TEXT, message });

/** The address form, checked the same way by the dialog and by the server. */
export const AddressInput = versioned(z.object({
  id: IdOrNew,
  name: required('Name required'),
  addressLine: required('Address required'),
  area: required('Area required'),
  code: required('Code required'),
  number: required('Number required'),
  email: required('Email required').refine((v) => v === '' || EMAIL.test(v), 'Valid email required'),
  website: required('Website required'),
  filePrefix: required('File prefix required'),
  logoWord: text({ min: 1, max: LOGO_WORD_MAX, message: 'Logo word required', maxMessage: 'The word is to long to fit in the logo' }),
  /** true makes this address the default (the previous default stops being one); false changes nothing:
   *  the default only moves by making another address the default */
  isDefault: z.boolean().default(false),
  /** the version the user edited; a stale one answers 409 */
  rowVersion: RowVersion.optional(),
}));
export type AddressInput = z.input<typeof AddressInput>;

export const Address = z.object({
  id: z.number(),
  name: z.string(),
  addressLine: z.string(),
  area: z.string(),
  code: z.string(),
  number: z.string(),
  email: z.string(),
  website: z.string(),
  filePrefix: z.string(),
  logoWord: z.string(),
  isDefault: z.boolean(),
  rowVersion: z.number(),
});
export type Address = z.infer<typeof Address>;

const IdInput = z.object({ id: id('Choose an address') });

export const addressEndpoints = {
  paged: endpoint({
    method: 'POST', path: '/api/address/paged', writes: 'nothing', access: { permission: 'Address' },
    input: PagedRequest, output: pagedResponse(Address),
  }),
  /** every live address, the default first: the report dialog's pick list */
  index: endpoint({ method: 'GET', path: '/api/address/index', access: { session: true }, input: Empty, output: z.array(Address) }),
  upsert: endpoint({ method: 'POST', path: '/api/address/upsert', writes: { version: 'rowVersion' }, answers: { 404: NOT_FOUND }, access: { permission: 'Address' }, input: AddressInput, output: Address }),
  delete: endpoint({ method: 'POST', path: '/api/address/delete', writes: { unversioned: 'removes', reason: 'deletes the address' }, answers: { 404: NOT_FOUND }, access: { permission: 'Address' }, input: IdInput, output: Ok }),
  setDefault: endpoint({
    method: 'POST', path: '/api/address/setdefaultaddress', writes: { unversioned: 'flag', reason: 'makes the chosen address the default' }, answers: { 404: NOT_FOUND }, access: { permission: 'Address' }, input: IdInput, output: Address,
  }),
};
