import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { ROLE_MESSAGES, type RoleRow, apiFeatures } from '@sapwood/contracts';
import { PageTitle } from '../../components/layout/PageTitle';
import { useConfirm } from '../../components/ui/confirm';
import { PagedTable } from '../../components/ui/table/PagedTable';
import { call } from '../../lib/api';
import { errorMessage } from '../../lib/formErrors';
import { notify } from '../../lib/notify';
import { useRefreshSession } from '../../lib/session';
import { RoleDialog } from './RoleDialog';

const PAGED = apiFeatures.roles.paged;

/** /roles: Name, User Assigned, Actions (delete, edit); 'Role Profile' edits. */
export default function RolesPage() {
  const qc = useQueryClient();
  const confirm = useConfirm();
  const refreshSession = useRefreshSession();
  const [editing, setEditing] = useState<RoleRow | 'new' | null>(null);
  const refresh = async () => {
    await qc.invalidateQueries({ queryKey: [PAGED.path] });
    await qc.invalidateQueries({ queryKey: ['role-index'] });
    // the signed-in user's own role may have changed: their menu follows at once
    await refreshSession();
  };

  const columns = useMemo<ColumnDef<RoleRow, unknown>[]>(() => {
    async function remove(role: RoleRow) {
      if (!(await confirm('Are you sure you want to delete this row?'))) return;
      if (role.users > 0) {
        notify.error(ROLE_MESSAGES.assigned);
        return;
      }
      try {
        await call(apiFeatures.roles.delete, { id: role.id });
        notify.success('Role deleted');
      } catch (err) {
        notify.error(errorMessage(err));
      }
      await refresh();
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
        endpoint={PAGED}
        columns={columns}
        rowId={(r: RoleRow) => r.id}
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
            void refresh();
          }}
        />
      )}
    </>
  );
}
