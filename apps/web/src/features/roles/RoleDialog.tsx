import { Checkbox, Fieldset, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ROLE_MESSAGES, type RoleRow, apiFeatures } from '@sapwood/contracts';
import { FormDialog } from '../../components/ui/FormDialog';
import { call } from '../../lib/api';
import { useSession } from '../../lib/session';
import { useFormSave } from '../../lib/useFormSave';

/** 'Role Profile': the name and the permissions as checkboxes grouped as the start-up data says. */
export function RoleDialog({ role, onClose, onSaved }: { role: RoleRow | null; onClose: () => void; onSaved: () => void }) {
  const session = useSession();
  const [name, setName] = useState(role?.name ?? '');
  const [permissions, setPermissions] = useState<string[]>(role?.permissions ?? []);
  const { busy, textField, save } = useFormSave({
    check: name.trim() === '' ? { name: ROLE_MESSAGES.nameRequired } : {},
    inForm: ['name'],
  });
  const toggle = (p: string, on: boolean) => setPermissions((ps) => (on ? [...ps, p] : ps.filter((x) => x !== p)));

  const submit = () => save(
    () => call(apiFeatures.roles.upsert, { id: role?.id ?? 0, name: name.trim(), permissions: permissions as never, rowVersion: role?.rowVersion }),
    { success: 'Role updated', onSaved },
  );

  return (
    <FormDialog
      opened
      onClose={onClose}
      title="Role Profile"
      size="xl"
      data-testid="role-dialog"
      onSave={submit}
      busy={busy}
      saveTestId="role-save"
    >
      <Stack gap="xs">
        <TextInput label="Name" withAsterisk {...textField('name', name, setName)} data-testid="role-name" data-autofocus />
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
      </Stack>
    </FormDialog>
  );
}
