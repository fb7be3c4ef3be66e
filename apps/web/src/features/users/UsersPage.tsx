import { Badge, Group, Switch } from '@mantine/core';
import { IconArchive, IconLockOpen, IconMail, IconPencil } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { type UserRow, apiFeatures } from '@sapwood/contracts';
import { useConfirm } from '../../components/ui/confirm';
import { AddButton, ListPage, actionsColumn, useEditing } from '../../components/ui/table/ListPage';
import { notify, snack } from '../../lib/notify';
import { useEndpointMutation } from '../../lib/query';
import { UserDialog } from './UserDialog';

const ep = apiFeatures.users;

/** /users: Email, Role, Active toggle and Actions; '+' adds; 'User Profile' edits. */
export default function UsersPage() {
  const confirm = useConfirm();
  const editor = useEditing<UserRow>();
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
      actionsColumn<UserRow>([
        { label: 'Edit', icon: IconPencil, name: (u) => `Edit ${u.email}`, onClick: editor.edit, testId: 'user-edit' },
        { label: 'Unlock', icon: IconLockOpen, color: 'orange', name: (u) => `Unlock ${u.email}`, onClick: (u) => act(u, 'unlock'), testId: 'user-unlock', when: (u) => u.locked },
        { label: 'Send set-password link', icon: IconMail, name: (u) => `Send password link to ${u.email}`, onClick: (u) => act(u, 'link'), testId: 'user-send-link' },
        { label: 'Archive', icon: IconArchive, color: 'red', name: (u) => `Archive ${u.email}`, onClick: (u) => act(u, 'archive'), testId: 'user-archive' },
      ], { size: 140 }),
    ];
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pendingActive]);

  return (
    <ListPage endpoint={ep.paged} columns={columns} testId="users-table" toolbar={<AddButton label="Add user" testId="user-add" onClick={editor.add} />}>
      {editor.dialog((user, close) => <UserDialog user={user} onClose={close} onSaved={close} />)}
    </ListPage>
  );
}
