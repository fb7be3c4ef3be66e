import { Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { CropGrowthsUpsert, apiFeatures } from '@sapwood/contracts';
import { FormDialog } from '../../components/ui/FormDialog';
import { NumericInput } from '../../components/ui/NumericInput';
import { call } from '../../lib/api';
import { fieldErrors } from '../../lib/formErrors';
import { useFormSave } from '../../lib/useFormSave';

/** Adds a crop: name ('Name required') and factor (above 0, 1 by default). */
export function AddCropDialog(props: { onClose: () => void; onSaved: () => void }) {
  const [name, setName] = useState('');
  const [factor, setFactor] = useState<number | null>(1);
  const input = { id: 0, name, factor: factor ?? Number.NaN };
  const { busy, errors, clearServerError, textField, save } = useFormSave({ check: fieldErrors(CropGrowthsUpsert, input), inForm: ['name', 'factor'] });
  const submit = () => save(() => call(apiFeatures.cropGrowths.cropGrowthsUpsert, input), { success: 'success', onSaved: props.onSaved });

  return (
    <FormDialog
      opened
      onClose={props.onClose}
      title="Add crop"
      size="sm"
      data-testid="crop-add-dialog"
      onSave={submit}
      busy={busy}
      saveTestId="crop-add-save"
    >
      <Stack gap="sm">
        <TextInput label="Name" withAsterisk {...textField('name', name, setName)} data-autofocus data-testid="crop-name" />
        <NumericInput
          label="Factor"
          withAsterisk
          value={factor}
          onChange={(v) => { setFactor(v); clearServerError('factor'); }}
          error={errors.factor}
          data-testid="crop-add-factor"
        />
      </Stack>
    </FormDialog>
  );
}
