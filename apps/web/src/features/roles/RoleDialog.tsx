import { Checkbox, Fieldset, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { PERMISSIONS, type Permission, type RoleRow, RoleUpsert, apiFeatures } from '@sapwood/contracts';
import { ContractFormDialog } from '../../components/ui/FormDialog';
import { useEndpointMutation } from '../../lib/query';
import { useSession } from '../../lib/session';
import { useContractForm } from '../../lib/useContractForm';
import { snack } from '../../lib/notify';

const isPermission = (p: string): p is Permission => (PERMISSIONS as readonly string[]).includes(p);

/** 'Role Profile': the name and the permissions as checkboxes grouped as the start-up data says. */
export function RoleDialog({ role, onClose, onSaved }: { role: RoleRow | null; onClose: () => void; onSaved: () => void }) {
  const session = useSession();
  const form = useContractForm(RoleUpsert, {
    defaultValues: { id: role?.id ?? 0, name: role?.name ?? '', permissions: (role?.permissions ?? []).filter(isPermission), rowVersion: role?.rowVersion },
    fields: ['name'],
  });
  // the role pick lists, and the users list that names roles
  const upsert = useEndpointMutation(apiFeatures.roles.upsert, { invalidates: [apiFeatures.roles, apiFeatures.users], onError: false });
  const submit = () => form.submit((values) => upsert.mutateAsync(values), { success: snack.updated('Role'), onSaved });

  return (
    <ContractFormDialog form={form} testId="role" onClose={onClose} title="Role Profile" size="xl" onSave={submit}>
      <Stack gap="xs">
        <TextInput label="Name" withAsterisk {...form.text('name')} data-testid="role-name" data-autofocus />
        <Controller
          control={form.control}
          name="permissions"
          render={({ field }) => {
            const held = field.value ?? [];
            const toggle = (p: Permission, on: boolean) => field.onChange(on ? [...held, p] : held.filter((x) => x !== p));
            return (
              <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="xs">
                {session.availablePermissions.map((g) => (
                  <Fieldset key={g.group} legend={g.group} p="xs" data-testid="permission-group">
                    {/* 16 px boxes 8 px apart: each a 24 px target (WCAG 2.5.8) */}
                    <Stack gap={8}>
                      {g.permissions.filter(isPermission).map((p) => (
                        <Checkbox key={p} label={p} size="xs" checked={held.includes(p)} onChange={(e) => toggle(p, e.currentTarget.checked)} />
                      ))}
                    </Stack>
                  </Fieldset>
                ))}
              </SimpleGrid>
            );
          }}
        />
      </Stack>
    </ContractFormDialog>
  );
}
