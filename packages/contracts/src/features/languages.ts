import { z } from 'zod';
import { Id, RowVersion, text, versioned } from '../fields';
import { Empty, NOT_FOUND, Ok, endpoint } from '../endpoint';
import { MAX_TEXT, PagedRequest, pagedResponse } from '../paging';

/** The spec's messages (part 2 §5). */
export const LANGUAGE_MESSAGES = {
  uniqueName: 'Unique name required',
  uniqueKey: 'Unique key required',
  changed: 'This row was changed by someone else. Reload and try again.',
} as const;

export const Language = z.object({ id: z.number().int(), name: z.string() });
export type Language = z.infer<typeof Language>;
export const LanguageRow = Language.extend({ rowVersion: z.number().int() });
export type LanguageRow = z.infer<typeof LanguageRow>;

/** A key with its text in each language, keyed by language id (spec part 2 §3 'Language key'). */
export const LanguageKeyRow = z.object({
  keyId: z.number().int(),
  key: z.string(),
  frontend: z.boolean(),
  rowVersion: z.number().int(),
  texts: z.record(z.string(), z.string()),
});
export type LanguageKeyRow = z.infer<typeof LanguageKeyRow>;

/** The texts the web app shows: frontend keys only, in the user's language with English filled in. */
export const TextsLookup = z.object({ languageId: z.number().int().nullable(), texts: z.record(z.string(), z.string()) });
export type TextsLookup = z.infer<typeof TextsLookup>;

const TEXT_MAX = 4000;
// Empty names and keys carry the spec's one message for both rules (required and unique).
const Name = text({ min: 1, max: MAX_TEXT, message: LANGUAGE_MESSAGES.uniqueName });
const Key = text({ min: 1, max: MAX_TEXT, message: LANGUAGE_MESSAGES.uniqueKey });
/** Optional optimistic-concurrency check: when sent, a save over a newer row answers 409. */

export const languagesEndpoints = {
  index: endpoint({ method: 'GET', path: '/api/language/index', access: { session: true }, input: Empty, output: z.array(Language) }),
  languages: endpoint({
    method: 'POST', path: '/api/language/languages', writes: 'nothing', access: { permission: 'Language' },
    input: PagedRequest, output: pagedResponse(LanguageRow),
  }),
  keysLookup: endpoint({ method: 'GET', path: '/api/language/keyslookup', access: { session: true }, input: Empty, output: TextsLookup }),
  keys: endpoint({
    method: 'POST', path: '/api/language/keys', writes: 'nothing', access: { permission: 'Language' },
    input: PagedRequest, output: pagedResponse(LanguageKeyRow),
  }),
  upsertLanguage: endpoint({
    method: 'POST', path: '/api/language/upsertlanguage', writes: { version: 'rowVersion' }, answers: { 404: NOT_FOUND }, access: { permission: 'Language' },
    input: versioned(z.object({ id: Id.nullable().optional(), name: Name, rowVersion: RowVersion.optional() })),
    output: LanguageRow,
  }),
  upsertKeyText: endpoint({
    method: 'POST', path: '/api/language/upsertkeytext', writes: { version: 'rowVersion' }, answers: { 404: NOT_FOUND }, access: { permission: 'Language' },
    input: z.object({
      keyId: Id,
      rowVersion: RowVersion,
      entries: z.array(z.object({ langId: Id, text: text({ max: TEXT_MAX, trim: false }) })).max(100),
    }),
    output: LanguageKeyRow,
  }),
  /** Sets (not flips) a key's frontend flag, so that a repeated call does no harm. */
  changeDisplay: endpoint({
    method: 'POST', path: '/api/language/changedisplay', writes: { unversioned: 'flag', reason: 'sets the key\'s frontend flag to the value chosen' }, answers: { 404: NOT_FOUND }, access: { permission: 'Language' },
    input: z.object({ keyId: Id, frontend: z.boolean() }),
    output: LanguageKeyRow,
  }),
  addNewKey: endpoint({
    method: 'POST', path: '/api/language/addnewkey', writes: { unversioned: 'creates', reason: 'adds a new key' }, access: { permission: 'Language' },
    input: z.object({ key: Key, frontend: z.boolean().default(false) }),
    output: LanguageKeyRow,
  }),
  deleteKey: endpoint({
    method: 'POST', path: '/api/language/deletekey', writes: { unversioned: 'removes', reason: 'deletes the key with its texts' }, answers: { 404: NOT_FOUND }, access: { permission: 'Language' },
    input: z.object({ keyId: Id }),
    output: Ok,
  }),
};
