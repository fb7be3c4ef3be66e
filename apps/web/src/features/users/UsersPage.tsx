import { ActionIcon, Badge, Group, Switch, Tooltip } from '@mantine/core';
import { IconArchive, IconLockOpen, IconMail, IconPencil, IconPlus } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { type UserRow, apiFeatures } from '@sapwood/contracts';
import { PageTitle } from '../../components/layout/PageTitle';
import { useConfirm } from '../../components/ui/confirm';
import { PagedTable } from '../../components/ui/table/PagedTable';
import { notify, snack } from '../../lib/notify';
import { useEndpointMutation } from '../../lib/query';
import { UserDialog } from './UserDialog';

const ep = apiFeatures.users;

/** /users: Email, Role, Active toggle and Actions; '+' adds; 'User Profile' edits. */
export default function UsersPage() {
  const confirm = useConfirm();
  const [editing, setEditing] = useState<UserRow | 'new' | null>(null);
  /** the Active toggle shows the new value at once, until the refreshed list arrives */
  const [pendingActive, setPendingActive] = useState<Record<number, boolean>>({});
  // a failure is reported by the mutation; either way the list shows what the server holds
  const quickUpdate = useEndpointMutation(ep.quickUpdate, { invalidates: [ep], awaitRefresh: true });
  const unlock = useEndpointMutation(ep.unlock, { invalidates: [ep], onSuccess: () => notify.success('User unlocked') });
  const sendLink = useEndpointMutation(ep.sendPasswordLink, { invalidates: [ep], onSuccess: () => notify.success('Set-password link sent') });
  const archive = useEndpointMutation(ep.archive, { invalidates: [ep], onSuccess: () => notify.success(snack.archived('User')) });

  const columns = useMemo<ColumnDef<UserRow, unknown>[]>(() => {
    function toggle(user: UserRow, active: boolean) {
      setPendingActive((p) => ({ ...p, [user.id]: active }));
      // the switch shows the new value until the refreshed list arrives
      void quickUpdate
        .mutateAsync({ id: user.id, active })
        .catch(() => undefined) // told by the mutation
        .finally(() => setPendingActive(({ [user.id]: _done, ...rest }) => rest));
    }
    async function act(user: UserRow, what: 'unlock' | 'link' | 'archive') {
      if (what === 'archive' && !(await confirm(`Are you sure you want to archive ${user.name}? They are signed out at once.`))) return;
      if (what === 'link' && !(await confirm(`Send ${user.email} a link to set a password?`))) return;
      ({ unlock, link: sendLink, archive })[what].mutate({ id: user.id });
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
            onChange={(e) => toggle(u, e.currentTarget.checked)}
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
        endpoint={ep.paged}
        columns={columns}
        rowId={(u) => u.id}
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
          onSaved={() => setEditing(null)}
        />
      )}
    </>
  );
}
