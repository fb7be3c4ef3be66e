import { ActionIcon, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { USER_MESSAGES, type UserRow, UserUpsert, apiFeatures } from '@sapwood/contracts';
import { ContractFormDialog } from '../../components/ui/FormDialog';
import { FormCheckbox, FormIdSelect } from '../../components/ui/form/FormFields';
import { useConfirm } from '../../components/ui/confirm';
import { call } from '../../lib/api';
import { useEndpointMutation, useEndpointQuery } from '../../lib/query';
import { useContractForm } from '../../lib/useContractForm';
import { useRefreshSession } from '../../lib/session';

const ep = apiFeatures.users;

/**
 * 'User Profile': name, email, number, role, language, preferences and the agronomists assigned. The rules
 * and their messages are the contract's (`UserUpsert`, `USER_MESSAGES`), the same words the server says.
 */
export function UserDialog({ user, onClose, onSaved }: { user: UserRow | null; onClose: () => void; onSaved: () => void }) {
  const form = useUserForm(user);
  const languages = useEndpointQuery(apiFeatures.languages.index, {});
  const roles = useEndpointQuery(apiFeatures.roles.index, {});
  const agronomists = useEndpointQuery(apiFeatures.agronomists.index, {});
  const refreshSession = useRefreshSession();
  const upsert = useEndpointMutation(ep.upsert, { invalidates: [ep], onError: false });

  const submit = () => form.submit(async (values) => {
    // the unique-email check the server repeats; asked first so that the message shows on the field
    if (!(await call(ep.uniqueEmail, { email: values.email, id: values.id }))) {
      form.showErrors({ email: USER_MESSAGES.emailExists });
      return false;
    }
    return upsert.mutateAsync(values);
  }, {
    success: USER_MESSAGES.updated,
    // the signed-in user may have changed their own language: reload the session so the texts follow
    onSaved: () => { void refreshSession(); onSaved(); },
  });

  return (
    <ContractFormDialog form={form} testId="user" onClose={onClose} title="User Profile" size="lg" onSave={submit}>
      <Stack gap="xs">
        <TextInput label="Name" withAsterisk {...form.text('name')} data-testid="user-name-input" data-autofocus />
        <TextInput label="Email" withAsterisk type="email" {...form.text('email')} data-testid="user-email" />
        <TextInput label="Number" {...form.text('number')} data-testid="user-number" />
        <FormIdSelect control={form.control} name="roleId" empty={undefined} options={roles.data ?? []} label="Role" withAsterisk searchable data-testid="user-role" />
        <FormIdSelect
          control={form.control}
          name="languageId"
          options={languages.data ?? []}
          label="Language"
          placeholder="English (default)"
          clearable
          clearButtonProps={{ 'aria-label': 'Clear language' }}
          data-testid="user-language"
        />
        <Group gap="lg">
          <FormCheckbox control={form.control} name="whatsappPref" label="WhatsApp" data-testid="user-whatsapp" />
          <FormCheckbox control={form.control} name="emailPref" label="Email" data-testid="user-emailpref" />
        </Group>
        <AssignedAgronomists form={form} agronomists={agronomists.data ?? []} />
      </Stack>
    </ContractFormDialog>
  );
}

/** The profile's form: the contract's rules on the fields shown, starting from the user (or empty for a new one). */
function useUserForm(user: UserRow | null) {
  return useContractForm(UserUpsert, {
    defaultValues: {
      id: user?.id ?? 0, name: user?.name ?? '', email: user?.email ?? '', number: user?.number ?? '', roleId: user?.roleId ?? undefined,
      whatsappPref: user?.whatsappPref ?? false, emailPref: user?.emailPref ?? true, agronomistIds: user?.agronomistIds ?? [],
      languageId: user?.languageId ?? null, rowVersion: user?.rowVersion,
    },
    fields: ['name', 'email', 'number', 'roleId', 'languageId', 'agronomistIds'],
  });
}

type UserForm = ReturnType<typeof useUserForm>;

/** The agronomists assigned: a picker of those not yet assigned, and a table of those that are (remove asks first). */
function AssignedAgronomists({ form, agronomists }: { form: UserForm; agronomists: { id: number; name: string }[] }) {
  const confirm = useConfirm();
  const [pick, setPick] = useState<string | null>(null);
  const agronomistIds = form.watch('agronomistIds') ?? [];
  const setAgronomists = (ids: number[]) => {
    form.setValue('agronomistIds', ids, { shouldDirty: true });
    form.clearErrors('agronomistIds');
  };
  const nameOf = (id: number) => agronomists.find((a) => a.id === id)?.name ?? `#${id}`;

  function addAgronomist(value: string | null) {
    setPick(null);
    if (!value) return;
    const id = Number(value);
    if (!agronomistIds.includes(id)) setAgronomists([...agronomistIds, id]);
  }

  async function removeAgronomist(id: number) {
    if (await confirm(`Are you sure you want to remove ${nameOf(id)}?`)) setAgronomists(agronomistIds.filter((a) => a !== id));
  }

  const available = agronomists.filter((a) => !agronomistIds.includes(a.id));
  return (
    <>
    <Select
      label="Agronomists"
      placeholder="Add an agronomist"
      data={available.map((a) => ({ value: String(a.id), label: a.name }))}
      value={pick}
      onChange={addAgronomist}
      searchable
      error={form.errorOf('agronomistIds')}
      data-testid="user-agronomist-pick"
    />
    <Table withTableBorder data-testid="user-agronomists">
      <Table.Tbody>
        {agronomistIds.map((id) => (
          <Table.Tr key={id} data-agronomist-id={id}>
            <Table.Td>{nameOf(id)}</Table.Td>
            <Table.Td w={40}>
              <ActionIcon variant="subtle" color="red" aria-label={`Remove ${nameOf(id)}`} onClick={() => void removeAgronomist(id)}>
                <IconX size={14} />
              </ActionIcon>
            </Table.Td>
          </Table.Tr>
        ))}
        {agronomistIds.length === 0 && (
          <Table.Tr><Table.Td><Text size="sm" c="dimmed">No agronomists assigned</Text></Table.Td></Table.Tr>
        )}
      </Table.Tbody>
    </Table>
    </>
  );
}
