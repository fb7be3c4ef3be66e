import { z } from 'zod';
import { IdOrNew, RowVersion, id, text, versioned } from '../fields';
import { MAX_TEXT, PagedRequest, pagedResponse } from '../paging';
import { NOT_FOUND, Ok, endpoint } from '../endpoint';
import type { Permission } from '../permissions';

/**
 * Archivable named reference lists (agents, depots): id, name, originate, archived (spec part 1 §3).
 * Both lists share one shape and one set of calls; each feature file names its own path and permission.
 */
export const REFERENCE_ORIGINATES = ['International', 'Usa'] as const;
export const ReferenceOriginate = z.enum(REFERENCE_ORIGINATES, { error: 'Originate must be International or Usa' });
export type ReferenceOriginate = z.infer<typeof ReferenceOriginate>;

export const ReferenceListItem = z.object({
  id: z.number().int(),
  name: z.string(),
  originate: ReferenceOriginate,
  rowVersion: z.number().int(),
});
export type ReferenceListItem = z.infer<typeof ReferenceListItem>;

export const ReferenceListPick = z.object({ id: z.number().int(), name: z.string(), originate: ReferenceOriginate });
export type ReferenceListPick = z.infer<typeof ReferenceListPick>;

/** Columns a reference list may be sorted by. */
export const REFERENCE_LIST_SORTS = ['name', 'originate'] as const;

export const ReferenceListUpsert = versioned(z.object({
  /** 0 (or absent) inserts a new item */
  id: IdOrNew,
  name: text({ min: 1, max: MAX_TEXT, message: 'Name required', maxMessage: `Name must be at most ${MAX_TEXT} characters` }),
  originate: ReferenceOriginate.default('International'),
  /** the version the editor saw; a stale one is refused with 409 instead of overwriting */
  rowVersion: RowVersion.optional(),
}));
export type ReferenceListUpsertInput = z.input<typeof ReferenceListUpsert>;

/** 'Select a agent to reassign' (spec part 1 §5: the article is the spec's). */
export const reassignMessage = (noun: string) => `Select a ${noun} to reassign`;

export function referenceListEndpoints<P extends string>(segment: P, noun: string, permission: Permission) {
  return {
    index: endpoint({
      method: 'GET', path: `/api/${segment}/index`, access: { session: true },
      input: z.object({}).optional().default({}), output: z.array(ReferenceListPick),
      summary: `active ${noun}s for pick lists`,
    }),
    paged: endpoint({
      method: 'POST', path: `/api/${segment}/paged`, writes: 'nothing', access: { permission },
      input: PagedRequest, output: pagedResponse(ReferenceListItem),
    }),
    upsert: endpoint({
      method: 'POST', path: `/api/${segment}/upsert`, writes: { version: 'rowVersion' }, answers: { 404: NOT_FOUND }, access: { permission },
      input: ReferenceListUpsert, output: ReferenceListItem,
    }),
    archive: endpoint({
      method: 'POST', path: `/api/${segment}/archive`, writes: { unversioned: 'removes', reason: 'archives the item, moving every reference to the one chosen' }, answers: { 404: NOT_FOUND }, access: { permission },
      input: z.object({
        id: id(undefined, `Select a ${noun} to archive`),
        /** the item that takes over every reference; missing, null or 0 means none was chosen */
        assignId: id(reassignMessage(noun)),
      }),
      output: Ok,
    }),
  };
}
