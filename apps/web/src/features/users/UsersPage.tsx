import { ActionIcon, Badge, Group, Switch, Tooltip } from '@mantine/core';
import { IconArchive, IconLockOpen, IconMail, IconPencil, IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { type UserRow, apiFeatures } from '@sapwood/contracts';
import { PageTitle } from '../../components/layout/PageTitle';
import { useConfirm } from '../../components/ui/confirm';
import { PagedTable } from '../../components/ui/table/PagedTable';
import { call } from '../../lib/api';
import { errorMessage } from '../../lib/formErrors';
import { notify } from '../../lib/notify';
import { UserDialog } from './UserDialog';

const PAGED = apiFeatures.users.paged;

/** /users: Email, Role, Active toggle and Actions; '+' adds; 'User Profile' edits. */
export default function UsersPage() {
  const qc = useQueryClient();
  const confirm = useConfirm();
  const [editing, setEditing] = useState<UserRow | 'new' | null>(null);
  /** the Active toggle shows the new value at once, until the refreshed list arrives */
  const [pendingActive, setPendingActive] = useState<Record<number, boolean>>({});
  const refresh = () => qc.invalidateQueries({ queryKey: [PAGED.path] });

  const columns = useMemo<ColumnDef<UserRow, unknown>[]>(() => {
    async function toggle(user: UserRow, active: boolean) {
      setPendingActive((p) => ({ ...p, [user.id]: active }));
      try {
        await call(apiFeatures.users.quickUpdate, { id: user.id, active });
      } catch (err) {
        notify.error(errorMessage(err));
      } finally {
        await refresh();
        setPendingActive(({ [user.id]: _done, ...rest }) => rest);
      }
    }
    async function act(user: UserRow, what: 'unlock' | 'link' | 'archive') {
      if (what === 'archive' && !(await confirm(`Are you sure you want to archive ${user.name}? They are signed out at once.`))) return;
      if (what === 'link' && !(await confirm(`Send ${user.email} a link to set a password?`))) return;
      try {
        if (what === 'unlock') await call(apiFeatures.users.unlock, { id: user.id });
        if (what === 'link') await call(apiFeatures.users.sendPasswordLink, { id: user.id });
        if (what === 'archive') await call(apiFeatures.users.archive, { id: user.id });
        notify.success(what === 'unlock' ? 'User unlocked' : what === 'link' ? 'Set-password link sent' : 'User archived');
      } catch (err) {
        notify.error(errorMessage(err));
      }
      await refresh();
    }
    return [
      {
        id: 'email', header: 'Email',
        cell: ({ row: { original: u } }) => (
          <Group gap={6} wrap="nowrap">
            <span>{u.email}</span>
            {u.locked && <Badge color="red" size="xs" data-testid="user-locked">Locked</Badge>}
            {!u.hasPassword && <Badge color="gray" size="xs" variant="light">No password</Badge>}
          </Group>
        ),
      },
      { id: 'role', header: 'Role', cell: ({ row }) => row.original.roleName ?? '' },
      {
        id: 'active', header: 'Active', size: 80,
        cell: ({ row: { original: u } }) => (
          <Switch
            checked={pendingActive[u.id] ?? u.active}
            onChange={(e) => void toggle(u, e.currentTarget.checked)}
            aria-label={`Active ${u.email}`}
            data-testid="user-active"
          />
        ),
      },
      {
        id: 'actions', header: () => 'Actions', enableSorting: false, size: 140,
        cell: ({ row: { original: u } }) => (
          <Group gap={2} wrap="nowrap">
            <Tooltip label="Edit"><ActionIcon variant="subtle" aria-label={`Edit ${u.email}`} onClick={() => setEditing(u)} data-testid="user-edit"><IconPencil size={15} /></ActionIcon></Tooltip>
            {u.locked && (
              <Tooltip label="Unlock"><ActionIcon variant="subtle" color="orange" aria-label={`Unlock ${u.email}`} onClick={() => void act(u, 'unlock')} data-testid="user-unlock"><IconLockOpen size={15} /></ActionIcon></Tooltip>
            )}
            <Tooltip label="Send set-password link"><ActionIcon variant="subtle" aria-label={`Send password link to ${u.email}`} onClick={() => void act(u, 'link')} data-testid="user-send-link"><IconMail size={15} /></ActionIcon></Tooltip>
            <Tooltip label="Archive"><ActionIcon variant="subtle" color="red" aria-label={`Archive ${u.email}`} onClick={() => void act(u, 'archive')} data-testid="user-archive"><IconArchive size={15} /></ActionIcon></Tooltip>
          </Group>
        ),
      },
    ];
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pendingActive]);

  return (
    <>
      <PageTitle />
      <PagedTable
        endpoint={PAGED}
        columns={columns}
        rowId={(u: UserRow) => u.id}
        testId="users-table"
        toolbar={
          <Tooltip label="Add user">
            <ActionIcon onClick={() => setEditing('new')} aria-label="Add user" data-testid="user-add"><IconPlus size={16} /></ActionIcon>
          </Tooltip>
        }
      />
      {editing && (
        <UserDialog
          user={editing === 'new' ? null : editing}
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
