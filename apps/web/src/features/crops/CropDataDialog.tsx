import { Center, FileInput, Group, Image, Loader, Stack, Tabs, TagsInput, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Controller } from 'react-hook-form';
import { type CropData, CropUpsertData, GRAPH_SET_LABELS, type GraphSetName, apiFeatures, cropImageUrl } from '@sapwood/contracts';
import { AppDialog } from '../../components/ui/AppDialog';
import { ContractFormDialog } from '../../components/ui/FormDialog';
import { PagedPickList } from '../../components/ui/PagedPickList';
import { useEndpointCall, useEndpointQuery, useUploadMutation } from '../../lib/query';
import { useAskUnusual } from '../../lib/unusual';
import { useContractForm } from '../../lib/useContractForm';
import { DrisNormsEditor } from './DrisNormsEditor';
import { GraphSetsEditor } from './GraphSetsEditor';
import { editableGraphs, editableNorms, fieldMessages, savedGraphs } from './normsForm';
import { drisGraphConfirmation, normSetConfirmation } from './unusualNorms';

const ep = apiFeatures.crops;

/** Crop Data: name, alternative names, the crop's graph sets with provenance, and its DRIS norms (saved as form data). */
export function CropDataDialog(props: { cropId: number | null; onClose: () => void }) {
  // read afresh on every open (never a cached copy the form would start from)
  const crop = useEndpointQuery(ep.get, { id: props.cropId ?? 0 }, { enabled: props.cropId !== null, refetchOnMount: 'always' });
  if (props.cropId !== null && !(crop.data && crop.isFetchedAfterMount)) {
    return (
      <AppDialog opened onClose={props.onClose} title="Crop Data" size="xl">
        <Center h={120}>{crop.isError ? <Text c="red" size="sm">Could not load the crop.</Text> : <Loader size="sm" />}</Center>
      </AppDialog>
    );
  }
  return <CropForm crop={crop.data ?? null} onClose={props.onClose} />;
}

/** A chosen file's address for a preview, given back when the file changes. */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setUrl(null);
    const u = URL.createObjectURL(file);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [file]);
  return url;
}

function CropForm({ crop, onClose }: { crop: CropData | null; onClose: () => void }) {
  const form = useContractForm(CropUpsertData, {
    defaultValues: {
      name: crop?.name ?? '',
      linkedNames: crop?.linkedNames ?? [],
      // nothing confirmed yet: set on save (unusual values asked), so the form is not dirty before
      norms: { ...editableNorms(crop?.norms), confirmed: [] },
      drisGraphs: (crop?.drisGraphs ?? []).map((g) => ({ ...g, confirmed: [] })),
      rowVersion: crop?.rowVersion,
      normsVersion: crop?.normsVersion ?? 0,
    },
    fields: ['name', 'linkedNames', 'norms', 'drisGraphs'],
  });
  const upsert = useUploadMutation(ep.upsert, { invalidates: [ep], onError: false });
  const [file, setFile] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | undefined>();
  const preview = useObjectUrl(file);
  const askUnusual = useAskUnusual();
  const getCultivar = useEndpointCall(ep.getCultivar);
  /** values outside their usual range asked once (those as loaded are confirmed already); then the contract's check and the save */
  const submit = async () => {
    const v = form.getValues();
    const plans = [
      { path: 'norms.confirmed', plan: normSetConfirmation(v.norms.graphs as never, crop?.norms.graphs) },
      ...(v.drisGraphs ?? []).map((g, i) => ({ path: `drisGraphs.${i}.confirmed`, plan: drisGraphConfirmation(g as never, crop?.drisGraphs ?? []) })),
    ];
    const yes = await askUnusual(plans.flatMap((p) => p.plan.ask));
    for (const p of plans) form.setValue(p.path as never, p.plan.confirmed(yes) as never);
    await save();
  };
  const save = () =>
    form.submit(async (v) => {
      const body = new FormData();
      body.append('id', String(crop?.id ?? 0));
      body.append('data', JSON.stringify({ ...v, newImage: file !== null, norms: { ...v.norms, graphs: savedGraphs(v.norms.graphs) } }));
      if (file) body.append('image', file);
      setImageError(undefined);
      try {
        return await upsert.mutateAsync(body);
      } catch (err) {
        // the server names `data.…` fields: shown at the form's own
        const messages = fieldMessages(err, 'data.');
        if (Object.keys(messages).length === 0) throw err;
        setImageError(messages.image);
        form.showErrors(messages);
        return false;
      }
    }, { success: 'Crop saved', onSaved: onClose });

  return (
    <ContractFormDialog form={form} testId="crop" alsoDirty={file !== null} onClose={onClose} title="Crop Data" size="xl" onSave={submit}>
      <Stack gap="sm">
        <Group align="flex-end" wrap="nowrap">
          <Image src={preview ?? cropImageUrl(crop?.imagePath ?? null)} fallbackSrc="/noimage.jpg" alt="Crop image" h={80} w={120} fit="contain" data-testid="crop-image" />
          <Stack gap="xs" style={{ flex: 1 }}>
            <TextInput label="Name" withAsterisk {...form.text('name')} data-autofocus data-testid="crop-name" />
            <FileInput label="Image" placeholder="PNG, JPEG or WebP" accept="image/png,image/jpeg,image/webp" clearable value={file}
              onChange={(f) => { setFile(f); setImageError(undefined); }} error={imageError} data-testid="crop-image-input" />
          </Stack>
        </Group>
        <Controller control={form.control} name="linkedNames" render={({ field }) => (
          <TagsInput label="Alternative names" value={field.value ?? []} onChange={field.onChange} error={form.errorOf('linkedNames')} data-testid="crop-linked-names" clearable />
        )} />
        <Tabs defaultValue="graphs" keepMounted>
          <Tabs.List>
            {/* a mistake on the tab not shown is flagged on its label */}
            <Tabs.Tab value="graphs" c={form.errorOf('norms') ? 'red' : undefined}>Graph sets{form.errorOf('norms') ? ' (!)' : ''}</Tabs.Tab>
            <Tabs.Tab value="dris" c={form.errorOf('drisGraphs') ? 'red' : undefined}>DRIS norms{form.errorOf('drisGraphs') ? ' (!)' : ''}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="graphs" pt="xs">
            <GraphSetsEditor control={form.control} register={form.register} prefix="norms" errorOf={form.errorOf} testId="crop-graphs" />
            <PagedPickList endpoint={ep.pagedCultivarGraphs} label="Copy graph sets from a cultivar" placeholder="Search a cultivar or its crop" testId="crop-copy-cultivar-graphs"
              option={(r) => ({ value: String(r.cultivarId), label: `${r.cropName} / ${r.cultivarName}${r.selectedGraphs.length ? ` (${r.selectedGraphs.map((g) => GRAPH_SET_LABELS[g as GraphSetName] ?? g).join(', ')})` : ''}` })}
              onPick={async (r) => form.setValue('norms.graphs', editableGraphs((await getCultivar({ id: r.cultivarId })).norms.graphs), { shouldDirty: true })} />
          </Tabs.Panel>
          <Tabs.Panel value="dris" pt="xs">
            <DrisNormsEditor control={form.control} register={form.register} errorOf={form.errorOf} />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </ContractFormDialog>
  );
}
