import { Alert, Checkbox, Fieldset, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { PERMISSIONS, type Permission, ROLE_MESSAGES, type RoleRow, RoleUpsert, apiFeatures, hasPermission } from '@sapwood/contracts';
import { ContractFormDialog } from '../../components/ui/FormDialog';
import { useEndpointMutation } from '../../lib/query';
import { useSession } from '../../lib/session';
import { useContractForm } from '../../lib/useContractForm';
import { snack } from '../../lib/notify';

const isPermission = (p: string): p is Permission => (PERMISSIONS as readonly string[]).includes(p);

/**
 * 'Role Profile': the name and the permissions as checkboxes grouped as the start-up data says. What the server would
 * refuse is not offered (least privilege): a permission the editor does not hold cannot be ticked (the role may keep
 * one it has), and a role holding Admin is shown but not editable by a non-administrator, each with the server's words.
 */
export function RoleDialog({ role, onClose, onSaved }: { role: RoleRow | null; onClose: () => void; onSaved: () => void }) {
  const session = useSession();
  const had = new Set(role?.permissions ?? []);
  const adminOnly = had.has('Admin') && !session.permissions.includes('Admin');
  // a box the editor may not tick: a permission they do not hold that the role does not have already
  const locked = (p: Permission) => adminOnly || (!hasPermission(session.permissions, p) && !had.has(p));
  const anyLocked = session.availablePermissions.some((g) => g.permissions.filter(isPermission).some(locked));
  const form = useContractForm(RoleUpsert, {
    defaultValues: { id: role?.id ?? 0, name: role?.name ?? '', permissions: (role?.permissions ?? []).filter(isPermission), rowVersion: role?.rowVersion },
    fields: ['name'],
  });
  // the role pick lists, and the users list that names roles
  const upsert = useEndpointMutation(apiFeatures.roles.upsert, { invalidates: [apiFeatures.roles, apiFeatures.users], onError: false });
  const submit = () => form.submit((values) => upsert.mutateAsync(values), { success: snack.updated('Role'), onSaved });

  return (
    // the permissions fill most of 70% of a 1400 × 900 window: the dialog takes the window's height, so that a refused
    // save's message does not make the body scroll past the Name field (the Prepare dialog's way)
    <ContractFormDialog form={form} testId="role" onClose={onClose} title="Role Profile" size="xl" tall onSave={submit}>
      <Stack gap="xs">
        {adminOnly && <Alert color="yellow" data-testid="role-admin-only">{ROLE_MESSAGES.adminRoleOnly}</Alert>}
        <TextInput label="Name" withAsterisk {...form.text('name')} data-testid="role-name" data-autofocus readOnly={adminOnly} />
        {anyLocked && !adminOnly && <Text size="xs" c="dimmed" data-testid="role-not-held">{ROLE_MESSAGES.grantNotHeld}</Text>}
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
                        <Checkbox key={p} label={p} size="xs" checked={held.includes(p)} disabled={locked(p)} onChange={(e) => toggle(p, e.currentTarget.checked)} />
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
