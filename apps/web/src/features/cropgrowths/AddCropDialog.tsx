import { Button, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { CropGrowthsUpsert, apiFeatures } from '@sapwood/contracts';
import { AppDialog } from '../../components/ui/AppDialog';
import { NumericInput } from '../../components/ui/NumericInput';
import { call } from '../../lib/api';
import { useFormSubmit } from '../../lib/validation';

/** Adds a crop: name ('Name required') and factor (above 0, 1 by default). */
export function AddCropDialog(props: { onClose: () => void; onSaved: () => void }) {
  const [name, setName] = useState('');
  const [factor, setFactor] = useState<number | null>(1);
  const input = { id: 0, name, factor: factor ?? Number.NaN };
  const { errors, submit: save } = useFormSubmit(CropGrowthsUpsert, input, async () => {
    await call(apiFeatures.cropGrowths.cropGrowthsUpsert, input);
    props.onSaved();
  });

  return (
    <AppDialog
      opened
      onClose={props.onClose}
      title="Add crop"
      size="sm"
      data-testid="crop-add-dialog"
      actions={
        <>
          <Button variant="default" onClick={props.onClose}>Cancel</Button>
          <Button onClick={save} data-testid="crop-add-save">Save</Button>
        </>
      }
    >
      <form onSubmit={(e) => { e.preventDefault(); void save(); }}>
        <Stack gap="sm">
          <TextInput label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} error={errors.name} data-autofocus data-testid="crop-name" />
          <NumericInput label="Factor" value={factor} onChange={setFactor} error={errors.factor} data-testid="crop-add-factor" />
        </Stack>
      </form>
    </AppDialog>
  );
}
