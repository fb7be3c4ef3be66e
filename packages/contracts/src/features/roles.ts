import { z } from 'zod';
import { Id, IdOrNew, RowVersion, text, versioned } from '../fields';
import { NOT_FOUND, Ok, endpoint } from '../endpoint';
import { MAX_TEXT, PagedRequest, pagedResponse } from '../paging';
import { PERMISSIONS } from '../permissions';
import { LAST_ADMIN_MESSAGE } from './users';

export const ROLE_MESSAGES = {
  nameRequired: 'Name required',
  nameExists: 'A role with this name already exists',
  confirmDelete: 'Are you sure you want to delete this row?',
  assigned: 'Cannot delete a role that is assigned to a user.',
  lastAdmin: LAST_ADMIN_MESSAGE,
  changed: 'This role was changed by someone else meanwhile. Close the dialog and open it again.',
  /**
   * refusals of privilege escalation (403): nobody gives what they do not hold, changes an Admin role or their own
   * role, or changes a role whose holders hold more than they do
   */
  grantNotHeld: 'You cannot give a role permissions you do not hold yourself.',
  adminRoleOnly: 'Only an administrator can change or delete a role that holds Admin.',
  ownRole: 'You cannot change the permissions of your own role.',
  /** the users' rule through the role: its holders hold what the role gives */
  holdsMore: 'You cannot change a role held by users who hold permissions you do not hold yourself.',
} as const;

export const RoleRow = z.object({
  id: z.number().int(),
  name: z.string(),
  permissions: z.array(z.string()),
  users: z.number().int(),
  rowVersion: z.number().int(),
});
export type RoleRow = z.infer<typeof RoleRow>;

export const RoleUpsert = versioned(z.object({
  id: IdOrNew,
  name: text({ min: 1, max: MAX_TEXT, message: ROLE_MESSAGES.nameRequired }),
  permissions: z.array(z.enum(PERMISSIONS, { error: 'Unknown permission' })).max(PERMISSIONS.length * 2).default([]),
  rowVersion: RowVersion.optional(),
}));

export const roleEndpoints = {
  /** a pick list (the user dialog's role select) */
  index: endpoint({
    method: 'GET', path: '/api/role/index', access: { session: true },
    input: z.object({}).optional().default({}),
    output: z.array(z.object({ id: z.number().int(), name: z.string() })),
  }),
  paged: endpoint({ method: 'POST', path: '/api/role/paged', writes: 'nothing', access: { permission: 'Roles' }, input: PagedRequest, output: pagedResponse(RoleRow) }),
  upsert: endpoint({ method: 'POST', path: '/api/role/upsert', writes: { version: 'rowVersion' }, answers: { 404: NOT_FOUND }, access: { permission: 'Roles' }, input: RoleUpsert, output: z.object({ id: z.number().int() }) }),
  delete: endpoint({
    method: 'POST', path: '/api/role/delete', writes: { unversioned: 'removes', reason: 'deletes a role no user holds' }, answers: { 404: NOT_FOUND }, access: { permission: 'Roles' },
    input: z.object({ id: Id }),
    output: Ok,
  }),
};
