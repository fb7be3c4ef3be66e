import { Stack, TextInput } from '@mantine/core';
import { CropGrowthsUpsert, apiFeatures } from '@sapwood/contracts';
import { ContractFormDialog } from '../../components/ui/FormDialog';
import { FormNumber } from '../../components/ui/form/FormFields';
import { useEndpointMutation } from '../../lib/query';
import { useContractForm } from '../../lib/useContractForm';
import { snack } from '../../lib/notify';

const ep = apiFeatures.cropGrowths;

/** Adds a crop: name ('Name required') and factor (above 0, 1 by default); the contract's rules and messages. */
export function AddCropDialog(props: { onClose: () => void; onSaved: () => void }) {
  const form = useContractForm(CropGrowthsUpsert, { defaultValues: { id: 0, name: '', factor: 1 }, fields: ['name', 'factor'] });
  const upsert = useEndpointMutation(ep.cropGrowthsUpsert, { invalidates: [ep, apiFeatures.lab.cropsActive], onError: false });
  const submit = () => form.submit((values) => upsert.mutateAsync(values), { success: snack.added('Crop'), onSaved: props.onSaved });

  return (
    <ContractFormDialog form={form} testId="crop-add" onClose={props.onClose} title="Add crop" size="sm" onSave={submit}>
      <Stack gap="sm">
        <TextInput label="Name" withAsterisk {...form.text('name')} data-autofocus data-testid="crop-name" />
        <FormNumber control={form.control} name="factor" label="Factor" withAsterisk data-testid="crop-add-factor" />
      </Stack>
    </ContractFormDialog>
  );
}
