import { Button, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { type CarbohydrateFilterOptions, type CarbohydrateResultRow, apiFeatures, carbohydrateEditErrors } from '@sapwood/contracts';
import { AppDialog } from '../../components/ui/AppDialog';
import { ApiError, call } from '../../lib/api';
import { notify } from '../../lib/notify';
import { growthPhase } from './columns';

type Values = {
  entity: string; agent: string; agriculturist: string; farmName: string; fieldBlockNumber: string;
  cropId: number; cultivarId: number | null; regionId: number | null; tissueId: number; cropGrowthId: number;
};
type Field = keyof Values;

const fromRow = (r: CarbohydrateResultRow): Values => ({
  entity: r.entity, agent: r.agent, agriculturist: r.agriculturist, farmName: r.farmName, fieldBlockNumber: r.fieldBlockNumber,
  cropId: r.cropId, cultivarId: r.cultivarId, regionId: r.regionId, tissueId: r.tissueId, cropGrowthId: r.cropGrowthId,
});
const toId = (v: string | null) => (v ? Number(v) : 0);
const toValue = (id: number | null) => (id ? String(id) : null);

/** Edit carbohydrate (spec part 1 §2): the entry's details; changing the crop resets cultivar, region, tissue and growth. */
export function EditCarbohydrateDialog(props: {
  row: CarbohydrateResultRow | null;
  options: CarbohydrateFilterOptions | undefined;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { row } = props;
  const [v, setV] = useState<Values | null>(row ? fromRow(row) : null);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<{ field: string; message: string }[]>([]);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    setV(row ? fromRow(row) : null);
    setSubmitted(false);
    setServerErrors([]);
  }, [row]);
  if (!row || !v) return null;

  const crops = props.options?.crops ?? [];
  const crop = crops.find((c) => c.id === v.cropId);
  const errors = submitted ? [...carbohydrateEditErrors(v), ...serverErrors] : [];
  const err = (f: Field) => errors.find((e) => e.field === f)?.message;
  const set = (patch: Partial<Values>) => {
    setServerErrors([]);
    setV((cur) => (cur ? { ...cur, ...patch } : cur));
  };

  async function save() {
    if (!row || !v) return;
    setSubmitted(true);
    if (carbohydrateEditErrors(v).length) return;
    setSaving(true);
    try {
      await call(apiFeatures.carbohydrates.upsertcarbohydrateresult, { id: row.id, rowVersion: row.rowVersion, ...v }, { overlay: false });
      notify.success('success');
      props.onSaved();
    } catch (e) {
      if (e instanceof ApiError && e.status === 400 && e.body?.fields) setServerErrors(e.body.fields);
      else notify.error(e instanceof ApiError ? e.message : 'Operation has failed');
    } finally {
      setSaving(false);
    }
  }

  const text = (f: 'entity' | 'agent' | 'agriculturist' | 'farmName' | 'fieldBlockNumber', label: string) => (
    <TextInput label={label} withAsterisk value={v[f]} error={err(f)} data-testid={`edit-${f}`} onChange={(e) => set({ [f]: e.currentTarget.value })} />
  );
  const pick = (f: 'cropId' | 'cultivarId' | 'regionId' | 'tissueId' | 'cropGrowthId', label: string, data: { value: string; label: string }[], onPick?: (id: number) => void) => (
    <Select
      label={label}
      withAsterisk={f !== 'regionId'}
      data={data}
      value={toValue(v[f])}
      error={err(f)}
      data-testid={`edit-${f}`}
      onChange={(s) => (onPick ? onPick(toId(s)) : set({ [f]: f === 'cultivarId' || f === 'regionId' ? toId(s) || null : toId(s) }))}
      clearable={f === 'regionId'}
      allowDeselect={f === 'regionId'}
      searchable
      comboboxProps={{ withinPortal: true }}
    />
  );

  return (
    <AppDialog
      opened
      onClose={props.onClose}
      title="Edit carbohydrate"
      size="lg"
      data-testid="edit-dialog"
      actions={<Button onClick={save} loading={saving} data-testid="edit-update">update</Button>}
    >
      <SimpleGrid cols={2} spacing="xs">
        <TextInput label="Sample Number" value={row.sampleNumber} readOnly data-testid="edit-sampleNumber" />
        {text('entity', 'Entity')}
        {text('agent', 'Agent')}
        {text('agriculturist', 'Agronomist')}
        {text('farmName', 'Farm Name')}
        {text('fieldBlockNumber', 'Field Block Number')}
        {pick('cropId', 'Crop', crops.map((c) => ({ value: String(c.id), label: c.name })), (cropId) =>
          set({ cropId, cultivarId: null, regionId: null, tissueId: 0, cropGrowthId: 0 }))}
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
