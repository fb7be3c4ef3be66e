import { Button, Select, SimpleGrid, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { CarbohydrateEdit, type CarbohydrateEditInput, type CarbohydrateFilterOptions, type CarbohydrateResultRow, apiFeatures } from '@sapwood/contracts';
import { AppDialog } from '../../components/ui/AppDialog';
import { useEndpointMutation } from '../../lib/query';
import { useContractForm } from '../../lib/useContractForm';
import { growthPhase } from './columns';
import { snack } from '../../lib/notify';

const ep = apiFeatures.carbohydrates;
type Pick = 'cropId' | 'cultivarId' | 'regionId' | 'tissueId' | 'cropGrowthId';
const FIELDS = ['entity', 'agent', 'agriculturist', 'farmName', 'fieldBlockNumber', 'cropId', 'cultivarId', 'regionId', 'tissueId', 'cropGrowthId'] as const;

const fromRow = (r: CarbohydrateResultRow): CarbohydrateEditInput => ({
  id: r.id, rowVersion: r.rowVersion,
  entity: r.entity, agent: r.agent, agriculturist: r.agriculturist, farmName: r.farmName, fieldBlockNumber: r.fieldBlockNumber,
  cropId: r.cropId, cultivarId: r.cultivarId, regionId: r.regionId, tissueId: r.tissueId, cropGrowthId: r.cropGrowthId,
});
const toId = (v: string | null) => (v ? Number(v) : 0);
const toValue = (id: number | null | undefined) => (id ? String(id) : null);

interface Props {
  row: CarbohydrateResultRow | null;
  options: CarbohydrateFilterOptions | undefined;
  onClose: () => void;
  onSaved: () => void;
}

/** Edit carbohydrate (spec part 1 §2): the entry's details; changing the crop resets cultivar, region, tissue and growth. */
export function EditCarbohydrateDialog(props: Props) {
  // a fresh form for each row opened
  return props.row ? <EditForm key={`${props.row.id}:${props.row.rowVersion}`} {...props} row={props.row} /> : null;
}

function EditForm(props: Props & { row: CarbohydrateResultRow }) {
  const { row } = props;
  // the contract's rules and messages (the server parses the same schema)
  const form = useContractForm(CarbohydrateEdit, { defaultValues: fromRow(row), fields: FIELDS });
  const update = useEndpointMutation(ep.upsertcarbohydrateresult, { invalidates: [ep], onError: false });
  const save = () => form.submit((values) => update.mutateAsync(values), { success: snack.updated('Entry'), onSaved: props.onSaved });

  const crops = props.options?.crops ?? [];
  const cropId = form.watch('cropId');
  const crop = crops.find((c) => c.id === cropId);

  const text = (f: 'entity' | 'agent' | 'agriculturist' | 'farmName' | 'fieldBlockNumber', label: string) => (
    <TextInput label={label} withAsterisk {...form.text(f)} data-testid={`edit-${f}`} />
  );
  const pick = (f: Pick, label: string, data: { value: string; label: string }[], onPick?: (id: number) => void) => (
    <Controller
      control={form.control}
      name={f}
      render={({ field, fieldState }) => (
        <Select
          label={label}
          withAsterisk={f !== 'regionId'}
          data={data}
          value={toValue(field.value)}
          error={fieldState.error?.message}
          data-testid={`edit-${f}`}
          onChange={(s) => (onPick ? onPick(toId(s)) : field.onChange(f === 'cultivarId' || f === 'regionId' ? toId(s) || null : toId(s)))}
          clearable={f === 'regionId'}
          allowDeselect={f === 'regionId'}
          searchable
          comboboxProps={{ withinPortal: true }}
        />
      )}
    />
  );
  const pickCrop = (id: number) => {
    const validate = { shouldValidate: form.formState.isSubmitted };
    form.setValue('cropId', id, validate);
    form.setValue('cultivarId', null, validate);
    form.setValue('regionId', null, validate);
    form.setValue('tissueId', 0, validate);
    form.setValue('cropGrowthId', 0, validate);
  };

  return (
    <AppDialog
      opened
      onClose={props.onClose}
      dirty={form.formState.isDirty}
      title="Edit carbohydrate"
      size="lg"
      data-testid="edit-dialog"
      actions={<Button onClick={() => void save()} loading={form.busy} data-testid="edit-update">update</Button>}
    >
      <SimpleGrid cols={2} spacing="xs">
        <TextInput label="Sample Number" value={row.sampleNumber} readOnly data-testid="edit-sampleNumber" />
        {text('entity', 'Entity')}
        {text('agent', 'Agent')}
        {text('agriculturist', 'Agronomist')}
        {text('farmName', 'Farm Name')}
        {text('fieldBlockNumber', 'Field Block Number')}
        {pick('cropId', 'Crop', crops.map((c) => ({ value: String(c.id), label: c.name })), pickCrop)}
        {pick('cultivarId', 'Cultivar', (crop?.cultivars ?? []).map((c) => ({ value: String(c.id), label: c.name })))}
        {pick('regionId', 'Region', (crop?.regions ?? []).map((c) => ({ value: String(c.id), label: c.name })))}
        {pick('tissueId', 'Organ Type', (props.options?.tissues ?? []).map((t) => ({ value: String(t.id), label: t.name })))}
        {pick('cropGrowthId', 'Growth', (crop?.growths ?? []).map((g) => ({
          value: String(g.id), label: growthPhase({ cropGrowth: g.name, linkedTissueName: g.linkedTissueName }),
        })))}
      </SimpleGrid>
    </AppDialog>
  );
}
