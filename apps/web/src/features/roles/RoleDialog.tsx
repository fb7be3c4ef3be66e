import { Button, Checkbox, Fieldset, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { ROLE_MESSAGES, type RoleRow, apiFeatures } from '@sapwood/contracts';
import { AppDialog } from '../../components/ui/AppDialog';
import { call } from '../../lib/api';
import { useSession } from '../../lib/session';
import { useFormSave } from '../../lib/useFormSave';

/** 'Role Profile': the name and the permissions as checkboxes grouped as the start-up data says. */
export function RoleDialog({ role, onClose, onSaved }: { role: RoleRow | null; onClose: () => void; onSaved: () => void }) {
  const session = useSession();
  const [name, setName] = useState(role?.name ?? '');
  const [permissions, setPermissions] = useState<string[]>(role?.permissions ?? []);
  const [submitted, setSubmitted] = useState(false);
  const { busy, serverErrors, clearServerError, save } = useFormSave();

  const nameError = serverErrors.name ?? (submitted && name.trim() === '' ? ROLE_MESSAGES.nameRequired : undefined);
  const toggle = (p: string, on: boolean) => setPermissions((ps) => (on ? [...ps, p] : ps.filter((x) => x !== p)));

  async function submit(e?: FormEvent) {
    e?.preventDefault();
    setSubmitted(true);
    if (name.trim() === '') return;
    await save(
      () => call(apiFeatures.roles.upsert, { id: role?.id ?? 0, name: name.trim(), permissions: permissions as never, rowVersion: role?.rowVersion }),
      { success: 'Role updated', onSaved, inForm: ['name'] },
    );
  }

  return (
    <AppDialog
      opened
      onClose={onClose}
      title="Role Profile"
      size="xl"
      data-testid="role-dialog"
      actions={
        <>
          <Button variant="default" onClick={onClose}>Cancel</Button>
          <Button onClick={() => void submit()} loading={busy} data-testid="role-save">Save</Button>
        </>
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="xs">
          <TextInput
            label="Name"
            value={name}
            onChange={(e) => {
              setName(e.currentTarget.value);
              clearServerError('name');
            }}
            error={nameError}
            data-testid="role-name"
            data-autofocus
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            {session.availablePermissions.map((g) => (
              <Fieldset key={g.group} legend={g.group} p="xs" data-testid="permission-group">
                <Stack gap={4}>
                  {g.permissions.map((p) => (
                    <Checkbox key={p} label={p} size="xs" checked={permissions.includes(p)} onChange={(e) => toggle(p, e.currentTarget.checked)} />
                  ))}
                </Stack>
              </Fieldset>
            ))}
          </SimpleGrid>
          <button type="submit" hidden />
        </Stack>
      </form>
    </AppDialog>
  );
}
