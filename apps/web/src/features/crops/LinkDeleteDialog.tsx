import { Select, Stack, Text } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { apiFeatures } from '@sapwood/contracts';
import { FormDialog } from '../../components/ui/FormDialog';
import { useEndpointMutation } from '../../lib/query';
import { useContractForm } from '../../lib/useContractForm';

const ep = apiFeatures.crops;

/**
 * Delete a crop by linking it to another ('link to another crop'): every reference to it, from cultivars to
 * results, moves to the chosen crop (same-named children merged into the crop's own, never listed twice); the
 * choice is checked with the endpoint's own schema.
 */
export function LinkDeleteCropDialog(props: { crop: { id: number; name: string }; crops: { id: number; name: string }[]; onClose: () => void }) {
  const form = useContractForm(ep.delete.input, { defaultValues: { cropId: props.crop.id }, fields: ['linkCropId'] });
  const remove = useEndpointMutation(ep.delete, { invalidates: [ep], onError: false });
  const submit = () => form.submit((v) => remove.mutateAsync(v), { success: `${props.crop.name} deleted`, onSaved: props.onClose });
  const options = props.crops.filter((c) => c.id !== props.crop.id).map((c) => ({ value: String(c.id), label: c.name }));
  return (
    <FormDialog opened onClose={props.onClose} title={`Delete ${props.crop.name}`} size="md" onSave={submit} busy={form.busy} saveLabel="Delete" saveColor="red" saveTestId="crop-delete-confirm">
      <Stack gap="sm">
        <Text size="sm">Every reference to {props.crop.name} — its cultivars, regions, growth stages and their norms, and every entry and result — moves to the crop you link it to. A cultivar, region or growth stage named like one the linked crop has is merged into that one: its entries and results go to it, and its norms fill in only what it lacks. {props.crop.name} is then deleted. Its own norms stay with it.</Text>
        <Controller control={form.control} name="linkCropId" render={({ field, fieldState }) => (
          <Select label="Link to another crop" placeholder="Choose a crop" searchable limit={200} data={options} withAsterisk
            value={field.value ? String(field.value) : null} onChange={(v) => field.onChange(v ? Number(v) : undefined)}
            error={fieldState.error?.message} comboboxProps={{ withinPortal: true }} data-testid="crop-link-select" />
        )} />
      </Stack>
    </FormDialog>
  );
}
