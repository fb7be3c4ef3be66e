import { Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { REFERENCE_ORIGINATES, type ReferenceListItem, type ReferenceOriginate } from '@sapwood/contracts';
import { AppDialog } from '../../components/ui/AppDialog';
import { ApiError, call } from '../../lib/api';
import { notify } from '../../lib/notify';
import type { ReferenceListEndpoints, ReferenceListNames } from './types';

interface Props {
  endpoints: ReferenceListEndpoints;
  names: ReferenceListNames;
  /** the item to edit; null adds a new one */
  item: ReferenceListItem | null;
  onClose: () => void;
  onSaved: () => void;
}

/** Add or edit an agent or depot: Name (required) and Originate (International by default). */
export function ReferenceItemDialog({ endpoints, names, item, onClose, onSaved }: Props) {
  const [name, setName] = useState(item?.name ?? '');
  const [originate, setOriginate] = useState<ReferenceOriginate>(item?.originate ?? 'International');
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const nameError = submitted && !name.trim() ? 'Name required' : serverError;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    setServerError(null);
    if (!name.trim()) return;
    setBusy(true);
    try {
      await call(endpoints.upsert, { id: item?.id ?? 0, name: name.trim(), originate, rowVersion: item?.rowVersion });
      notify.success('success');
      onSaved();
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) setServerError(err.fieldMessage('name') ?? err.message);
      else notify.error(err instanceof ApiError && (err.status === 404 || err.status === 409) ? err.message : 'Operation has failed');
    } finally {
      setBusy(false);
    }
  }

  return (
    <AppDialog opened onClose={onClose} title={names.title} size="sm" data-testid="reference-item-dialog">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} error={nameError} data-autofocus data-testid="item-name" />
          <Stack gap={4}>
            <Text size="sm" fw={500}>Originate</Text>
            <SegmentedControl
              value={originate}
              onChange={(v) => setOriginate(v as ReferenceOriginate)}
              data={[...REFERENCE_ORIGINATES]}
              data-testid="item-originate"
            />
          </Stack>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>Cancel</Button>
            <Button type="submit" loading={busy} data-testid="item-save">{item ? 'update' : 'insert'}</Button>
          </Group>
        </Stack>
      </form>
    </AppDialog>
  );
}
