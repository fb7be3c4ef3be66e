import { z } from 'zod';
import { Id, IdOrNew, RowVersion, id, text, versioned } from '../fields';
import { NOT_FOUND, Ok, endpoint } from '../endpoint';
import { MAX_TEXT, PagedRequest, pagedResponse } from '../paging';

export const AGRONOMIST_ORIGINATES = ['International', 'Usa'] as const;

export const AGRONOMIST_MESSAGES = {
  nameRequired: 'Name required',
  selectTarget: 'Select a agronomist to reassign',
  notFound: 'This agronomist no longer exists or was archived meanwhile.',
  changed: 'This agronomist was changed by someone else meanwhile. Close the dialog and open it again.',
} as const;

export const AgronomistRow = z.object({ id: z.number().int(), name: z.string(), originate: z.enum(AGRONOMIST_ORIGINATES), rowVersion: z.number().int() });
export type AgronomistRow = z.infer<typeof AgronomistRow>;

export const agronomistEndpoints = {
  /** a pick list for other screens (user dialog, entry forms) */
  index: endpoint({
    method: 'GET', path: '/api/agronomist/index', access: { session: true },
    input: z.object({}).optional().default({}),
    output: z.array(AgronomistRow),
  }),
  paged: endpoint({ method: 'POST', path: '/api/agronomist/paged', writes: 'nothing', access: { permission: 'Agronomists' }, input: PagedRequest, output: pagedResponse(AgronomistRow) }),
  upsert: endpoint({
    method: 'POST', path: '/api/agronomist/upsert', writes: { version: 'rowVersion' }, answers: { 404: NOT_FOUND }, access: { permission: 'Agronomists' },
    input: versioned(z.object({
      id: IdOrNew,
      name: text({ min: 1, max: MAX_TEXT, message: AGRONOMIST_MESSAGES.nameRequired }),
      originate: z.enum(AGRONOMIST_ORIGINATES).default('International'),
      /** the version the dialog was opened on; a save over a newer one answers 409 */
      rowVersion: RowVersion.optional(),
    })),
    output: z.object({ id: z.number().int() }),
  }),
  /** archives `id`, moving every reference to `assignId`, in one transaction */
  archive: endpoint({
    method: 'POST', path: '/api/agronomist/archive', writes: { unversioned: 'removes', reason: 'archives the agronomist, moving every reference to the one chosen' }, answers: { 404: NOT_FOUND }, access: { permission: 'Agronomists' },
    input: z.object({
      id: Id,
      assignId: id(AGRONOMIST_MESSAGES.selectTarget),
    }),
    output: Ok,
  }),
};
