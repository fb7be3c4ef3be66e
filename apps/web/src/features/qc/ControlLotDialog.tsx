import { NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { ANALYTES, ANALYTE_LABELS, type ControlLot, ControlLotUpsert, apiFeatures } from '@sapwood/contracts';
import { FormDialog } from '../../components/ui/FormDialog';
import { FormCheckbox, FormNumber } from '../../components/ui/form/FormFields';
import { useEndpointMutation } from '../../lib/query';
import { useContractForm } from '../../lib/useContractForm';
import { snack } from '../../lib/notify';

const ep = apiFeatures.qc;

/** Add or edit a control material: name, lot, analyte, assigned mean and SD, valid from/to, active. */
export function ControlLotDialog(props: { lot: ControlLot | null; onClose: () => void; onSaved: () => void }) {
  const { lot } = props;
  const form = useContractForm(ControlLotUpsert, {
    defaultValues: {
      id: lot?.id ?? 0, name: lot?.name ?? '', lot: lot?.lot ?? '', analyte: lot?.analyte ?? 'sugar', mean: lot?.mean ?? (null as unknown as number),
      sd: lot?.sd ?? (null as unknown as number), validFrom: lot?.validFrom ?? new Date().toISOString().slice(0, 10), validTo: lot?.validTo ?? null,
      active: lot?.active ?? true, rowVersion: lot?.rowVersion,
    },
    fields: ['name', 'lot', 'analyte', 'mean', 'sd', 'validFrom', 'validTo', 'active'],
  });
  const upsert = useEndpointMutation(ep.upsertLot, { invalidates: [ep], onError: false });
  const submit = () => form.submit((values) => upsert.mutateAsync(values), { success: snack.updated('Control material'), onSaved: props.onSaved });

  return (
    <FormDialog
      opened onClose={props.onClose} dirty={form.formState.isDirty} title={lot ? 'Edit control material' : 'Add control material'} size="md"
      data-testid="control-lot-dialog" onSave={submit} busy={form.busy} saveTestId="control-lot-save"
    >
      <Stack gap="sm">
        <TextInput label="Name" withAsterisk {...form.text('name')} data-autofocus data-testid="control-lot-name" />
        <SimpleGrid cols={2}>
          <TextInput label="Lot" withAsterisk {...form.text('lot')} data-testid="control-lot-lot" />
          <NativeSelect size="xs" label="Analyte" withAsterisk data={ANALYTES.map((a) => ({ value: a, label: ANALYTE_LABELS[a] }))} {...form.text('analyte')} data-testid="control-lot-analyte" />
          <FormNumber control={form.control} name="mean" label="Assigned mean (%)" withAsterisk data-testid="control-lot-mean" />
          <FormNumber control={form.control} name="sd" label="Standard deviation (%)" withAsterisk data-testid="control-lot-sd" />
          <TextInput label="Valid from" placeholder="YYYY-MM-DD" withAsterisk {...form.text('validFrom')} data-testid="control-lot-from" />
          <TextInput
            label="Valid to" placeholder="YYYY-MM-DD"
            {...form.register('validTo', { setValueAs: (v: string | null) => (v ? v : null) })} error={form.errorOf('validTo')} data-testid="control-lot-to"
          />
        </SimpleGrid>
        <FormCheckbox control={form.control} name="active" label="Active" data-testid="control-lot-active" />
      </Stack>
    </FormDialog>
  );
}
