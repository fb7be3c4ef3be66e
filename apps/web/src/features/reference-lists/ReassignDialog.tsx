import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { type ReferenceListItem, reassignMessage } from '@sapwood/contracts';
import { AppDialog } from '../../components/ui/AppDialog';
import { ApiError, call } from '../../lib/api';
import { notify } from '../../lib/notify';
import type { ReferenceListEndpoints, ReferenceListNames } from './types';

interface Props {
  endpoints: ReferenceListEndpoints;
  names: ReferenceListNames;
  item: ReferenceListItem;
  onClose: () => void;
  onDone: () => void;
}

/** The delete 'x': archives the item after choosing who takes over its references. */
export function ReassignDialog({ endpoints, names, item, onClose, onDone }: Props) {
  const choices = useQuery({ queryKey: [endpoints.index.path], queryFn: () => call(endpoints.index, {}) });
  const [assignId, setAssignId] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const options = (choices.data ?? []).filter((c) => c.id !== item.id).map((c) => ({ value: String(c.id), label: c.name }));
  const error = submitted && !assignId ? reassignMessage(names.noun) : serverError;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    setServerError(null);
    if (!assignId) return;
    setBusy(true);
    try {
      await call(endpoints.archive, { id: item.id, assignId: Number(assignId) });
      notify.success('success');
      onDone();
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) setServerError(err.fieldMessage('assignId') ?? err.message);
      else notify.error('Operation has failed');
    } finally {
      setBusy(false);
    }
  }

  return (
    <AppDialog opened onClose={onClose} title={`Assign ${item.name} to New ${names.title}`} data-testid="reassign-dialog">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {item.name} is removed from the list; everything that names it will name the {names.noun} chosen here.
          </Text>
          <Select
            label={`New ${names.title}`}
            placeholder={`Choose a ${names.noun}`}
            data={options}
            value={assignId}
            onChange={setAssignId}
            searchable
            nothingFoundMessage="Nothing found"
            error={error}
            comboboxProps={{ withinPortal: true, zIndex: 4000 }}
            data-testid="reassign-select"
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>Cancel</Button>
            <Button type="submit" color="red" loading={busy} data-testid="reassign-submit">ReAssign</Button>
          </Group>
        </Stack>
      </form>
    </AppDialog>
  );
}
