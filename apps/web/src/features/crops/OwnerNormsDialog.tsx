import { Button, Center, Group, Loader, NavLink, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { apiFeatures } from '@sapwood/contracts';
import { AppDialog } from '../../components/ui/AppDialog';
import { ApiError } from '../../lib/api';
import { ContractFormDialog } from '../../components/ui/FormDialog';
import { useEndpointMutation, useEndpointQuery } from '../../lib/query';
import { useAskUnusual } from '../../lib/unusual';
import { useContractForm } from '../../lib/useContractForm';
import { CultivarActions } from './CultivarActions';
import { GraphSetsEditor } from './GraphSetsEditor';
import { editableNorms, savedGraphs } from './normsForm';
import { normSetConfirmation } from './unusualNorms';

const ep = apiFeatures.crops;
type Owner = { id: number; name: string; norms: ReturnType<typeof editableNorms>; normsVersion: number };

/**
 * Cultivar Data (per-cultivar graph sets, add) or Growth Stages (per-stage graph sets): the crop's
 * cultivars or stages on the left, the chosen one's graph sets on the right, all saved in one call.
 */
export function OwnerNormsDialog(props: { kind: 'cultivars' | 'stages'; crop: { id: number; name: string }; onClose: () => void }) {
  // read afresh on every open (never a cached copy the form would start from), and mounted once
  const cultivars = useEndpointQuery(ep.cultivars, { id: props.crop.id }, { enabled: props.kind === 'cultivars', refetchOnMount: 'always' });
  const stages = useEndpointQuery(ep.growthStages, { id: props.crop.id }, { enabled: props.kind === 'stages', refetchOnMount: 'always' });
  const fresh = props.kind === 'cultivars' ? cultivars.isFetchedAfterMount : stages.isFetchedAfterMount;
  const title = `${props.kind === 'cultivars' ? 'Cultivar Data' : 'Growth Stages'}: ${props.crop.name}`;
  const owners: Owner[] | undefined = props.kind === 'cultivars'
    ? cultivars.data?.map((c) => ({ id: c.cultivarId, name: c.name, norms: editableNorms(c.norms), normsVersion: c.normsVersion }))
    : stages.data?.map((s) => ({ id: s.id, name: s.name, norms: editableNorms(s.norms), normsVersion: s.normsVersion }));
  if (!owners || !fresh) {
    return <AppDialog opened onClose={props.onClose} title={title} size="xl"><Center h={120}><Loader size="sm" /></Center></AppDialog>;
  }
  return <OwnerForm {...props} title={title} owners={owners} />;
}

/** The stages' call names its fields `growthStages.{i}…`; the form (one for cultivars and stages) names them `entities.{i}…`. */
function asEntityErrors(err: unknown): unknown {
  if (!(err instanceof ApiError) || !err.body?.fields) return err;
  return new ApiError(err.status, { ...err.body, fields: err.body.fields.map((f) => ({ ...f, field: f.field.replace(/^growthStages\./, 'entities.') })) });
}

function OwnerForm(props: { kind: 'cultivars' | 'stages'; crop: { id: number }; title: string; owners: Owner[]; onClose: () => void }) {
  const cultivarMode = props.kind === 'cultivars';
  const form = useContractForm(ep.upsertCultivar.input, {
    defaultValues: { cropId: props.crop.id, entities: props.owners.map((o) => ({ cultivarId: o.id, name: o.name, norms: { ...o.norms, confirmed: [] }, normsVersion: o.normsVersion })) },
    fields: ['entities'],
  });
  const entities = useFieldArray({ control: form.control, name: 'entities' });
  const [chosen, setChosen] = useState(0);
  const saveCultivars = useEndpointMutation(ep.upsertCultivar, { invalidates: [ep], onError: false });
  const saveStages = useEndpointMutation(ep.upsertGrowthStages, { invalidates: [ep], onError: false });
  const askUnusual = useAskUnusual();
  /** values outside their usual range asked once for every cultivar or stage (those as loaded are confirmed already) */
  const submit = async () => {
    const plans = form.getValues('entities').map((e, i) => ({
      path: `entities.${i}.norms.confirmed`,
      plan: normSetConfirmation(e.norms.graphs as never, props.owners.find((o) => e.cultivarId && o.id === Number(e.cultivarId))?.norms.graphs, `${e.name || '(new cultivar)'}: `),
    }));
    const yes = await askUnusual(plans.flatMap((p) => p.plan.ask));
    for (const p of plans) form.setValue(p.path as never, p.plan.confirmed(yes) as never);
    await save();
  };
  const save = () =>
    form.submit(async (v) => {
      const list = v.entities.map((e) => ({ ...e, norms: { ...e.norms, graphs: savedGraphs(e.norms.graphs) } }));
      if (cultivarMode) return saveCultivars.mutateAsync({ cropId: v.cropId, entities: list });
      return saveStages.mutateAsync({ cropId: v.cropId, growthStages: list.map((e) => ({ id: e.cultivarId, norms: e.norms, normsVersion: e.normsVersion })) })
        .catch((err: unknown) => { throw asEntityErrors(err); });
    }, { success: cultivarMode ? 'Cultivars saved' : 'Growth stages saved', onSaved: props.onClose });
  const names = form.watch('entities').map((e) => e.name);

  return (
    <ContractFormDialog form={form} testId={props.kind} onClose={props.onClose} title={props.title} size="90%" onSave={submit}>
      {entities.fields.length === 0 && !cultivarMode ? (
        <Text c="dimmed" ta="center" py="md">No data available</Text>
      ) : (
        <Group align="flex-start" wrap="nowrap" gap="md">
          <Stack w={200} gap={4}>
            <ScrollArea.Autosize mah={480}>
              {entities.fields.length === 0 && <Text size="sm" c="dimmed" data-testid="no-cultivars">No cultivar data available</Text>}
              {entities.fields.map((f, i) => (
                <NavLink key={f.id} label={names[i] || '(new cultivar)'} active={i === chosen} onClick={() => setChosen(i)}
                  c={form.errorOf(`entities.${i}`) ? 'red' : undefined} data-testid={`${props.kind}-item-${i}`} />
              ))}
            </ScrollArea.Autosize>
            {cultivarMode && (
              <Button size="compact-xs" variant="light" leftSection={<IconPlus size={12} />} data-testid="cultivar-add"
                onClick={() => { entities.append({ cultivarId: 0, name: '', norms: { ...editableNorms(undefined), confirmed: [] }, normsVersion: 0 }); setChosen(entities.fields.length); }}>
                Add cultivar
              </Button>
            )}
          </Stack>
          {entities.fields[chosen] && (
            <Stack key={entities.fields[chosen].id} style={{ flex: 1 }} gap="xs">
              {cultivarMode && <TextInput size="xs" label="Cultivar name" withAsterisk {...form.text(`entities.${chosen}.name`)} data-testid="cultivar-name" />}
              {cultivarMode && Number(entities.fields[chosen].cultivarId) > 0 && (
                <CultivarActions
                  cultivar={{ id: Number(entities.fields[chosen].cultivarId), name: names[chosen] }}
                  others={entities.fields.filter((f) => Number(f.cultivarId) > 0 && f.cultivarId !== entities.fields[chosen].cultivarId).map((f) => ({ id: Number(f.cultivarId), name: f.name }))}
                  onDeleted={() => { entities.remove(chosen); setChosen(0); }}
                  onCloned={props.onClose}
                />
              )}
              <GraphSetsEditor control={form.control} register={form.register} prefix={`entities.${chosen}.norms`} errorOf={form.errorOf} testId={`${props.kind}-graphs`} />
            </Stack>
          )}
        </Group>
      )}
    </ContractFormDialog>
  );
}
