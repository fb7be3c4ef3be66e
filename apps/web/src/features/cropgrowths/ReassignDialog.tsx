import { Button, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { apiFeatures } from '@sapwood/contracts';
import { AppDialog } from '../../components/ui/AppDialog';
import { call } from '../../lib/api';
import { notify } from '../../lib/notify';
import { errorMessage } from '../../lib/validation';
import type { LocalGrowth } from './growthState';

/**
 * Deleting a saved growth: every entry and sample of it moves to the growth chosen here, then it is
 * archived. 'Select a growth to reassign' until one is chosen.
 */
export function ReassignDialog(props: {
  growth: LocalGrowth;
  others: LocalGrowth[];
  onClose: () => void;
  onDeleted: (rowVersion: number) => void;
}) {
  const [assignId, setAssignId] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const error = submitted && !assignId ? 'Select a growth to reassign' : undefined;

  async function remove() {
    setSubmitted(true);
    if (!assignId) return;
    setBusy(true);
    try {
      const r = await call(apiFeatures.cropGrowths.cropGrowthsRemove, { id: props.growth.id, assignId: Number(assignId) });
      notify.success(`${props.growth.name} deleted; ${r.movedEntries + r.movedSamples} samples reassigned`);
      props.onDeleted(r.rowVersion);
    } catch (err) {
      notify.error(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AppDialog
      opened
      onClose={props.onClose}
      title={`Delete ${props.growth.name}`}
      size="md"
      data-testid="reassign-dialog"
      actions={
        <>
          <Button variant="default" onClick={props.onClose}>Cancel</Button>
          <Button color="red" onClick={remove} loading={busy} data-testid="reassign-delete">Delete</Button>
        </>
      }
    >
      <Stack gap="sm">
        <Text size="sm">Samples and lab job entries of this growth move to the growth you choose.</Text>
        <Select
          label="Reassign to"
          placeholder="Select a growth"
          data={props.others.map((g) => ({ value: String(g.id), label: g.name }))}
          value={assignId}
          onChange={setAssignId}
          error={error}
          data-testid="reassign-select"
          comboboxProps={{ withinPortal: true, zIndex: 2000 }}
        />
      </Stack>
    </AppDialog>
  );
}
