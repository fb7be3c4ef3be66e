import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { type RoleRow, apiFeatures } from '@sapwood/contracts';
import { PageTitle } from '../../components/layout/PageTitle';
import { useConfirm } from '../../components/ui/confirm';
import { PagedTable } from '../../components/ui/table/PagedTable';
import { notify, snack } from '../../lib/notify';
import { useEndpointMutation } from '../../lib/query';
import { useRefreshSession } from '../../lib/session';
import { RoleDialog } from './RoleDialog';

const ep = apiFeatures.roles;

/** /roles: Name, User Assigned, Actions (delete, edit); 'Role Profile' edits. */
export default function RolesPage() {
  const confirm = useConfirm();
  const refreshSession = useRefreshSession();
  const [editing, setEditing] = useState<RoleRow | 'new' | null>(null);
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
      {
        id: 'actions', header: () => 'Actions', enableSorting: false, size: 100,
        cell: ({ row: { original: r } }) => (
          <Group gap={2} wrap="nowrap">
            <Tooltip label="Delete"><ActionIcon variant="subtle" color="red" aria-label={`Delete ${r.name}`} onClick={() => void remove(r)} data-testid="role-delete"><IconTrash size={15} /></ActionIcon></Tooltip>
            <Tooltip label="Edit"><ActionIcon variant="subtle" aria-label={`Edit ${r.name}`} onClick={() => setEditing(r)} data-testid="role-edit"><IconPencil size={15} /></ActionIcon></Tooltip>
          </Group>
        ),
      },
    ];
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <>
      <PageTitle />
      <PagedTable
        endpoint={ep.paged}
        columns={columns}
        rowId={(r) => r.id}
        testId="roles-table"
        toolbar={
          <Tooltip label="Add role">
            <ActionIcon onClick={() => setEditing('new')} aria-label="Add role" data-testid="role-add"><IconPlus size={16} /></ActionIcon>
          </Tooltip>
        }
      />
      {editing && (
        <RoleDialog
          role={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            // the signed-in user's own role may have changed: their menu follows at once
            void refreshSession();
          }}
        />
      )}
    </>
  );
}
