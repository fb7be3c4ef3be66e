import { Checkbox, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { CropGrowthInput } from '@sapwood/contracts';
import { FormDialog } from '../../components/ui/FormDialog';
import { fieldErrors } from '../../lib/formErrors';
import { RangeInputs } from './RangeInputs';
import type { LocalGrowth } from './growthState';
import { useActiveTissues } from './useActiveTissues';

/** Edit one growth (or a new one) inside the Growths dialog; the dialog's Save stores it. */
export function GrowthEditDialog(props: { growth: LocalGrowth; isNew: boolean; onClose: () => void; onDone: (g: LocalGrowth) => void }) {
  const tissues = useActiveTissues();
  const [g, setG] = useState<LocalGrowth>(props.growth);
  const [submitted, setSubmitted] = useState(false);
  const errors = submitted ? fieldErrors(CropGrowthInput, g) : {};
  const options = (tissues.data ?? []).map((t) => ({ value: String(t.id), label: t.name }));
  if (g.linkedTissueId !== null && !options.some((o) => o.value === String(g.linkedTissueId))) {
    options.push({ value: String(g.linkedTissueId), label: `${g.linkedTissueName ?? 'Tissue'} (inactive)` });
  }

  function done() {
    setSubmitted(true);
    if (Object.keys(fieldErrors(CropGrowthInput, g)).length) return;
    props.onDone({ ...g, name: g.name.trim(), linkedTissueName: options.find((o) => o.value === String(g.linkedTissueId))?.label ?? null });
  }

  return (
    <FormDialog
      opened
      onClose={props.onClose}
      title={props.isNew ? 'Add growth' : 'Edit growth'}
      size="lg"
      data-testid="growth-edit-dialog"
      onSave={done}
      saveLabel="OK"
      saveTestId="growth-edit-ok"
    >
      <Stack gap="sm">
        <TextInput label="Name" withAsterisk value={g.name} onChange={(e) => setG({ ...g, name: e.currentTarget.value })} error={errors.name} data-autofocus data-testid="growth-name" />
        <Select
          label="Organ Type"
          data={options}
          value={g.linkedTissueId === null ? null : String(g.linkedTissueId)}
          onChange={(v) => setG({ ...g, linkedTissueId: v ? Number(v) : null })}
          error={errors.linkedTissueId}
          clearable
          data-testid="growth-tissue"
          comboboxProps={{ withinPortal: true, zIndex: 2000 }}
        />
        <RangeInputs label="Sugar" value={g.sugar} onChange={(sugar) => setG({ ...g, sugar })} errors={errors} errorKey="sugar" testId="growth-sugar" />
        <RangeInputs label="Starch" value={g.starch} onChange={(starch) => setG({ ...g, starch })} errors={errors} errorKey="starch" testId="growth-starch" />
        <TextInput label="Method" description="The lab method the ranges belong to" value={g.method} onChange={(e) => setG({ ...g, method: e.currentTarget.value })} error={errors.method} />
        <Checkbox label="Display on report" checked={g.displayOnReport} onChange={(e) => setG({ ...g, displayOnReport: e.currentTarget.checked })} data-testid="growth-display" />
      </Stack>
    </FormDialog>
  );
}
