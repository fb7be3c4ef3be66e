import { ActionIcon, Checkbox, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { EMAIL_PATTERN, USER_MESSAGES, type UserRow, apiFeatures } from '@sapwood/contracts';
import { FormDialog } from '../../components/ui/FormDialog';
import { useConfirm } from '../../components/ui/confirm';
import { call } from '../../lib/api';
import { useFormSave } from '../../lib/useFormSave';
import { useRefreshSession } from '../../lib/session';

interface Form {
  name: string;
  email: string;
  number: string;
  roleId: number | null;
  whatsappPref: boolean;
  emailPref: boolean;
  agronomistIds: number[];
  languageId: number | null;
}

function formOf(user: UserRow | null): Form {
  return {
    name: user?.name ?? '', email: user?.email ?? '', number: user?.number ?? '', roleId: user?.roleId ?? null,
    whatsappPref: user?.whatsappPref ?? false, emailPref: user?.emailPref ?? true, agronomistIds: user?.agronomistIds ?? [],
    languageId: user?.languageId ?? null,
  };
}

/** The client's rules, the same as the server's. */
function validate(f: Form): Record<string, string> {
  const errors: Record<string, string> = {};
  if (f.name.trim() === '') errors.name = USER_MESSAGES.nameRequired;
  if (!EMAIL_PATTERN.test(f.email.trim())) errors.email = USER_MESSAGES.emailInvalid;
  if (!f.roleId) errors.roleId = USER_MESSAGES.roleRequired;
  return errors;
}

/** 'User Profile': name, email, number, role, language, preferences and the agronomists assigned. */
export function UserDialog({ user, onClose, onSaved }: { user: UserRow | null; onClose: () => void; onSaved: () => void }) {
  const confirm = useConfirm();
  const [form, setForm] = useState<Form>(() => formOf(user));
  const { busy, errors, setServerErrors, clearServerError, save } = useFormSave({
    check: validate(form),
    inForm: ['name', 'email', 'number', 'roleId', 'languageId', 'agronomistIds'],
  });
  const [pick, setPick] = useState<string | null>(null);
  const languages = useQuery({ queryKey: ['language-index'], queryFn: () => call(apiFeatures.languages.index) });
  const refreshSession = useRefreshSession();
  const roles = useQuery({ queryKey: ['role-index'], queryFn: () => call(apiFeatures.roles.index) });
  const agronomists = useQuery({ queryKey: ['agronomist-index'], queryFn: () => call(apiFeatures.agronomists.index) });

  const set = <K extends keyof Form>(key: K, value: Form[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    clearServerError(key);
  };
  const nameOf = (id: number) => agronomists.data?.find((a) => a.id === id)?.name ?? `#${id}`;

  function addAgronomist(value: string | null) {
    setPick(null);
    if (!value) return;
    const id = Number(value);
    if (!form.agronomistIds.includes(id)) set('agronomistIds', [...form.agronomistIds, id]);
  }

  async function removeAgronomist(id: number) {
    if (await confirm(`Are you sure you want to remove ${nameOf(id)}?`)) set('agronomistIds', form.agronomistIds.filter((a) => a !== id));
  }

  async function submit() {
    const email = form.email.trim();
    await save(async () => {
      if (!(await call(apiFeatures.users.uniqueEmail, { email, id: user?.id ?? 0 }))) {
        setServerErrors({ email: USER_MESSAGES.emailExists });
        return false;
      }
      return call(apiFeatures.users.upsert, {
        id: user?.id ?? 0, name: form.name.trim(), email, number: form.number.trim(), roleId: form.roleId ?? 0,
        emailPref: form.emailPref, whatsappPref: form.whatsappPref, agronomistIds: form.agronomistIds, languageId: form.languageId, rowVersion: user?.rowVersion,
      });
    }, {
      success: USER_MESSAGES.updated,
      // the signed-in user may have changed their own language: reload the session so the texts follow
      onSaved: () => { void refreshSession(); onSaved(); },
    });
  }

  const available = (agronomists.data ?? []).filter((a) => !form.agronomistIds.includes(a.id));
  return (
    <FormDialog
      opened
      onClose={onClose}
      title="User Profile"
      size="lg"
      data-testid="user-dialog"
      onSave={submit}
      busy={busy}
      saveTestId="user-save"
    >
      <Stack gap="xs">
        <TextInput label="Name" withAsterisk value={form.name} onChange={(e) => set('name', e.currentTarget.value)} error={errors.name} data-testid="user-name-input" data-autofocus />
        <TextInput label="Email" withAsterisk type="email" value={form.email} onChange={(e) => set('email', e.currentTarget.value)} error={errors.email} data-testid="user-email" />
        <TextInput label="Number" value={form.number} onChange={(e) => set('number', e.currentTarget.value)} error={errors.number} data-testid="user-number" />
        <Select
          label="Role"
          withAsterisk
          data={(roles.data ?? []).map((r) => ({ value: String(r.id), label: r.name }))}
          value={form.roleId ? String(form.roleId) : null}
          onChange={(v) => set('roleId', v ? Number(v) : null)}
          error={errors.roleId}
          searchable
          data-testid="user-role"
        />
        <Select
          label="Language"
          placeholder="English (default)"
          data={(languages.data ?? []).map((l) => ({ value: String(l.id), label: l.name }))}
          value={form.languageId ? String(form.languageId) : null}
          onChange={(v) => set('languageId', v ? Number(v) : null)}
          error={errors.languageId}
          clearable
          clearButtonProps={{ 'aria-label': 'Clear language' }}
          data-testid="user-language"
        />
        <Group gap="lg">
          <Checkbox label="WhatsApp" checked={form.whatsappPref} onChange={(e) => set('whatsappPref', e.currentTarget.checked)} data-testid="user-whatsapp" />
          <Checkbox label="Email" checked={form.emailPref} onChange={(e) => set('emailPref', e.currentTarget.checked)} data-testid="user-emailpref" />
        </Group>
        <Select
          label="Agronomists"
          placeholder="Add an agronomist"
          data={available.map((a) => ({ value: String(a.id), label: a.name }))}
          value={pick}
          onChange={addAgronomist}
          searchable
          error={errors.agronomistIds}
          data-testid="user-agronomist-pick"
        />
        <Table withTableBorder data-testid="user-agronomists">
          <Table.Tbody>
            {form.agronomistIds.map((id) => (
              <Table.Tr key={id} data-agronomist-id={id}>
                <Table.Td>{nameOf(id)}</Table.Td>
                <Table.Td w={40}>
                  <ActionIcon variant="subtle" color="red" aria-label={`Remove ${nameOf(id)}`} onClick={() => void removeAgronomist(id)}>
                    <IconX size={14} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
            {form.agronomistIds.length === 0 && (
              <Table.Tr><Table.Td><Text size="sm" c="dimmed">No agronomists assigned</Text></Table.Td></Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Stack>
    </FormDialog>
  );
}
