import { Button, Select, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AGRONOMIST_MESSAGES, type AgronomistRow, apiFeatures } from '@sapwood/contracts';
import { AppDialog } from '../../components/ui/AppDialog';
import { call } from '../../lib/api';
import { useFormSave } from '../../lib/useFormSave';

/** 'Assign {name} to New Agronomist': archives the agronomist, moving everything that names it to the chosen one. */
export function ReassignDialog({ agronomist, onClose, onDone }: { agronomist: AgronomistRow; onClose: () => void; onDone: () => void }) {
  const others = useQuery({ queryKey: ['agronomist-index'], queryFn: () => call(apiFeatures.agronomists.index) });
  const [assignId, setAssignId] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const { busy, save } = useFormSave();

  async function reassign() {
    setSubmitted(true);
    if (!assignId) return;
    await save(
      () => call(apiFeatures.agronomists.archive, { id: agronomist.id, assignId: Number(assignId) }),
      { success: 'success', onSaved: onDone, inForm: [] },
    );
  }

  return (
    <AppDialog
      opened
      onClose={onClose}
      title={`Assign ${agronomist.name} to New Agronomist`}
      data-testid="reassign-dialog"
      actions={
        <>
          <Button variant="default" onClick={onClose}>Cancel</Button>
          <Button color="red" onClick={() => void reassign()} loading={busy} data-testid="reassign-save">ReAssign</Button>
        </>
      }
    >
      <Select
        label="Agronomist"
        placeholder="Select an agronomist"
        data={(others.data ?? []).filter((a) => a.id !== agronomist.id).map((a) => ({ value: String(a.id), label: a.name }))}
        value={assignId}
        onChange={setAssignId}
        searchable
        error={submitted && !assignId ? AGRONOMIST_MESSAGES.selectTarget : undefined}
        data-testid="reassign-target"
        data-autofocus
      />
      <Text size="xs" c="dimmed" mt="xs">Users, entries and samples of {agronomist.name} move to the chosen agronomist, and {agronomist.name} is archived.</Text>
    </AppDialog>
  );
}
