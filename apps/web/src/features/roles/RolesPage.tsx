import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { type RoleRow, apiFeatures } from '@sapwood/contracts';
import { useConfirm } from '../../components/ui/confirm';
import { actionsColumn, AddButton, deleteAction, editAction, ListPage, useEditing } from '../../components/ui/table/ListPage';
import { notify, snack } from '../../lib/notify';
import { useEndpointMutation } from '../../lib/query';
import { useRefreshSession } from '../../lib/session';
import { RoleDialog } from './RoleDialog';

const ep = apiFeatures.roles;

/** /roles: Name, User Assigned, Actions (delete, edit); 'Role Profile' edits. */
export default function RolesPage() {
  const confirm = useConfirm();
  const refreshSession = useRefreshSession();
  const editor = useEditing<RoleRow>();
  // a role in use is refused by the server with ROLE_MESSAGES.assigned, told by the mutation
  const deleteRole = useEndpointMutation(ep.delete, {
    invalidates: [ep],
    onSuccess: () => {
      notify.success(snack.deleted('Role'));
      void refreshSession();
    },
  });

  const columns = useMemo<ColumnDef<RoleRow, unknown>[]>(() => {
    async function remove(role: RoleRow) {
      if (!(await confirm('Are you sure you want to delete this row?'))) return;
      deleteRole.mutate({ id: role.id });
    }
    return [
      { id: 'name', header: 'Name', cell: ({ row }) => row.original.name },
      { id: 'users', header: 'User Assigned', size: 140, cell: ({ row }) => row.original.users },
      actionsColumn<RoleRow>([
        deleteAction(remove, 'role-delete'),
        editAction(editor.edit, 'role-edit'),
      ]),
    ];
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <ListPage endpoint={ep.paged} columns={columns} testId="roles-table" toolbar={<AddButton label="Add role" testId="role-add" onClick={editor.add} />}>
      {editor.dialog((role, close) => (
        <RoleDialog
          role={role}
          onClose={close}
          onSaved={() => {
            close();
            // the signed-in user's own role may have changed: their menu follows at once
            void refreshSession();
          }}
        />
      ))}
    </ListPage>
  );
}
