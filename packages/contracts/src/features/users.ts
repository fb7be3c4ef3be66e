import { z } from 'zod';
import { Id, IdOrNew, RowVersion, id, text, versioned } from '../fields';
import { NOT_FOUND, Ok, endpoint } from '../endpoint';
import { MAX_TEXT, PagedRequest, pagedResponse } from '../paging';

/** Said when a change (deactivate, archive, role edit) would leave no active user holding Admin. */
export const LAST_ADMIN_MESSAGE = 'At least one active user must keep the Admin permission: this change would leave none.';

/** The user messages of spec part 1 §5. */
export const USER_MESSAGES = {
  nameRequired: 'Name required',
  emailInvalid: 'Valid email required',
  emailExists: 'Email already exists',
  roleRequired: 'Role required',
  updated: 'User updated',
  lastAdmin: LAST_ADMIN_MESSAGE,
  changed: 'This user was changed by someone else meanwhile. Close the dialog and open it again.',
  languageNotFound: 'Language not found',
  /** refusals of privilege escalation (403): nobody gives what they do not hold, or changes an administrator or their own role */
  grantNotHeld: 'You cannot give a user a role with permissions you do not hold yourself.',
  adminRoleOnly: 'Only an administrator can give a user a role that holds Admin.',
  adminUserOnly: 'Only an administrator can change an administrator.',
  holdsMore: 'You cannot change a user who holds permissions you do not hold yourself.',
  ownRole: 'You cannot change your own role.',
  /** a demo user (…@demo.sapwood.local) signs in with the demo password and no other */
  demoAccount: 'Demo users sign in with the demo password; no password link is sent to them.',
} as const;

/** A standard email pattern: something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const UserRow = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  number: z.string(),
  roleId: z.number().int().nullable(),
  roleName: z.string().nullable(),
  active: z.boolean(),
  archived: z.boolean(),
  locked: z.boolean(),
  hasPassword: z.boolean(),
  whatsappPref: z.boolean(),
  emailPref: z.boolean(),
  agronomistIds: z.array(z.number().int()),
  /** the language the web app's texts show in for this user; null is the default (English) */
  languageId: z.number().int().nullable(),
  rowVersion: z.number().int(),
});
export type UserRow = z.infer<typeof UserRow>;


export const UserUpsert = versioned(z.object({
  id: IdOrNew,
  name: text({ min: 1, max: MAX_TEXT, message: USER_MESSAGES.nameRequired }),
  email: text({ max: 254, message: USER_MESSAGES.emailInvalid }).regex(EMAIL_PATTERN, USER_MESSAGES.emailInvalid),
  number: text({ max: 40 }).default(''),
  roleId: id(USER_MESSAGES.roleRequired),
  emailPref: z.boolean().default(true),
  whatsappPref: z.boolean().default(false),
  agronomistIds: z.array(id()).max(500).default([]),
  /** the user's language (texts of the web app); null is the default (English); absent keeps the user's language */
  languageId: id(undefined, USER_MESSAGES.languageNotFound).nullable().optional(),
  /** the version the dialog was opened on; a save over a newer one answers 409 */
  rowVersion: RowVersion.optional(),
}));
export type UserUpsert = z.output<typeof UserUpsert>;

export const userEndpoints = {
  index: endpoint({
    method: 'GET', path: '/api/user/index', access: { permission: 'Users' },
    input: z.object({}).optional().default({}),
    output: z.array(z.object({ id: z.number().int(), name: z.string(), email: z.string() })),
  }),
  paged: endpoint({ method: 'POST', path: '/api/user/paged', writes: 'nothing', access: { permission: 'Users' }, input: PagedRequest, output: pagedResponse(UserRow) }),
  /** is this name free (no other user holds it)? */
  unique: endpoint({
    method: 'POST', path: '/api/user/unique', writes: 'nothing', access: { permission: 'Users' },
    input: z.object({ name: text({ max: MAX_TEXT }).default(''), id: IdOrNew }),
    output: z.boolean(),
  }),
  /** is this email free (no other user holds it, case-insensitively)? */
  uniqueEmail: endpoint({
    method: 'POST', path: '/api/user/uniqueemail', writes: 'nothing', access: { permission: 'Users' },
    input: z.object({ email: text({ max: 254 }).default(''), id: IdOrNew }),
    output: z.boolean(),
  }),
  upsert: endpoint({ method: 'POST', path: '/api/user/upsert', writes: { version: 'rowVersion' }, answers: { 404: NOT_FOUND }, access: { permission: 'Users' }, input: UserUpsert, output: z.object({ id: z.number().int() }) }),
  quickUpdate: endpoint({
    method: 'POST', path: '/api/user/quickupdate', writes: { unversioned: 'flag', reason: 'sets the user\'s active flag to the value chosen' }, answers: { 404: NOT_FOUND }, access: { permission: 'Users' },
    input: z.object({ id: Id, active: z.boolean({ error: 'Active required' }) }),
    output: Ok,
  }),
  archive: endpoint({ method: 'POST', path: '/api/user/archive', writes: { unversioned: 'removes', reason: 'archives the user and ends their sessions' }, answers: { 404: NOT_FOUND }, access: { permission: 'Users' }, input: z.object({ id: Id }), output: Ok }),
  unlock: endpoint({ method: 'POST', path: '/api/user/unlock', writes: { unversioned: 'flag', reason: 'clears the user\'s sign-in lockout' }, answers: { 404: NOT_FOUND }, access: { permission: 'Users' }, input: z.object({ id: Id }), output: Ok }),
  /** mails the user a link to set a password (new users, or to replace a forgotten one) */
  sendPasswordLink: endpoint({ method: 'POST', path: '/api/user/sendpasswordlink', writes: { unversioned: 'action', reason: 'mails a password link (a new single-use token)' }, answers: { 404: NOT_FOUND }, access: { permission: 'Users' }, input: z.object({ id: Id }), output: Ok }),
};
