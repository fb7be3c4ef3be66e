import { ActionIcon, Box, Button, Checkbox, Group, NavLink, ScrollArea, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ComponentProps, useState } from 'react';
import { z } from 'zod';
import { type CropGrowthStage, type GROWTH_RANGE_PATHS, type GrowthCropRow, type OverrideOwner, OwnerUpdate, apiFeatures, growthRangeProblems } from '@sapwood/contracts';
import { AppDialog } from '../../components/ui/AppDialog';
import { useConfirm } from '../../components/ui/confirm';
import { useGuardedClose } from '../../components/ui/unsaved';
import { notify, snack } from '../../lib/notify';
import { queryKeyOf, useEndpointMutation, useEndpointQuery } from '../../lib/query';
import { confirmationOf, useAskUnusual } from '../../lib/unusual';
import { useContractForm } from '../../lib/useContractForm';
import { RangeInputs } from './RangeInputs';

const ep = apiFeatures.cropGrowths;
/** The changed regions (or cultivars) as the save sends them, checked with the contract's rules. */
const ChangedOwners = z.object({ owners: z.array(OwnerUpdate) });
type Kind = 'region' | 'cultivar';
interface Data { growths: CropGrowthStage[]; owners: OverrideOwner[] }

const TITLES = { region: 'Regions', cultivar: 'Cultivars' } as const;
/** the outcome snack of this dialog's saves and deletes */
const updated = (kind: Kind) => snack.updated(TITLES[kind]);

/**
 * The Regions (or Cultivars) dialog of a crop: the list with add and delete, and for the chosen one,
 * per growth stage an override flag with sugar and starch ranges (min, med, max). Save stores every
 * changed region (or cultivar) in one transaction.
 */
export function OverridesDialog(props: { kind: Kind; crop: GrowthCropRow; onClose: () => void }) {
  const isRegion = props.kind === 'region';
  const title = TITLES[props.kind];
  const cropId = props.crop.id;
  const { list, data, updateRegions, updateCultivars } = useOverridesData(props.kind, cropId);
  const saveForm = useContractForm(ChangedOwners, { defaultValues: { owners: [] }, fields: ['owners'] });
  const [edits, setEdits] = useState<Record<number, OverrideOwner>>({});
  const askUnusual = useAskUnusual();
  const [selected, setSelected] = useState<number | null>(null);

  const owners = (data?.owners ?? []).map((o) => edits[o.id] ?? o);
  const current = owners.find((o) => o.id === selected) ?? owners[0];
  const changed = owners.filter((o) => edits[o.id]);
  /** the current one's messages, where it is among the changed ones the form checked */
  const at = current ? changed.findIndex((o) => o.id === current.id) : -1;
  const errorOf = (path: string) => (at < 0 ? undefined : saveForm.errorOf(`owners.${at}.growthValues.${path}`));

  function setValue(i: number, patch: Partial<OverrideOwner['growthValues'][number]>) {
    if (!current) return;
    const growthValues = current.growthValues.map((v, j) => (j === i ? { ...v, ...patch } : v));
    const next = { ...edits, [current.id]: { ...current, growthValues } };
    setEdits(next);
    // once a save was tried, the messages follow the values
    if (saveForm.formState.isSubmitted) {
      const sent = owners.map((o) => next[o.id]).filter(Boolean).map((o) => ({ id: o.id, rowVersion: o.rowVersion, growthValues: o.growthValues }));
      saveForm.setValue('owners', sent, { shouldValidate: true });
    }
  }

  const { addForm, add, remove } = useAddDelete(props.kind, cropId, {
    onAdded: setSelected,
    onDeleted: (id) => setEdits(({ [id]: _dropped, ...rest }) => rest),
  });

  async function save() {
    saveForm.setValue('owners', await confirmedOwners(data, changed, askUnusual));
    await saveForm.submit(
      async ({ owners: checked }) => {
        if (isRegion) await updateRegions.mutateAsync({ cropId, regions: checked });
        else await updateCultivars.mutateAsync({ cropId, cultivars: checked });
        return true;
      },
      {
        success: updated(props.kind),
        onSaved: () => {
          setEdits({});
          saveForm.reset({ owners: [] });
        },
      },
    );
    // a refused one is shown: the first changed one with a message
    const bad = saveForm.formState.errors.owners;
    const k = Array.isArray(bad) ? bad.findIndex(Boolean) : -1;
    if (k >= 0 && changed[k]) setSelected(changed[k].id);
  }

  // unsaved: changed overrides, or a new name typed but not added
  const dirty = changed.length > 0 || addForm.formState.isDirty;
  /** the Close button: asks first while there is unsaved work (Escape, the x and an outside click ask through the dialog) */
  const close = useGuardedClose(dirty, props.onClose);

  const stages = data?.growths ?? [];
  return (
    <AppDialog
      opened
      onClose={props.onClose}
      dirty={dirty}
      title={`${title} · ${props.crop.name}`}
      size="90rem"
      data-testid="overrides-dialog"
      actions={
        <>
          <Button variant="default" onClick={() => void close()}>Close</Button>
          <Button onClick={save} disabled={!changed.length} data-testid="overrides-save">Save</Button>
        </>
      }
    >
      <Group align="flex-start" gap="md" wrap="nowrap">
        <OwnerList kind={props.kind} owners={owners} edited={(o) => Boolean(edits[o.id])} currentId={current?.id} onSelect={setSelected} onDelete={(o) => void remove(o)}
          empty={list.isSuccess && owners.length === 0} addName={addForm.text('name')} onAdd={() => void add()} />
        <Box style={{ flex: 1, overflowX: 'auto' }}>
          {current && <OverrideTable owner={current} stages={stages} onChange={setValue} errorOf={errorOf} />}
          {current && stages.length === 0 && <Text size="sm" c="dimmed">This crop has no growths yet.</Text>}
        </Box>
      </Group>
    </AppDialog>
  );
}

/**
 * The changed ones as the save sends them: an overriding value outside its usual range asked once for all (those
 * as loaded are confirmed without asking, issue 31), then named in its growth value's `confirmed`.
 */
async function confirmedOwners(data: Data | undefined, changed: OverrideOwner[], askUnusual: ReturnType<typeof useAskUnusual>) {
  const loadedOwner = new Map((data?.owners ?? []).map((o) => [o.id, o]));
  const plans = changed.map((o) => o.growthValues.map((gv) => {
    const was = loadedOwner.get(o.id)?.growthValues.find((x) => x.growthStageId === gv.growthStageId);
    const stage = data?.growths.find((g) => g.id === gv.growthStageId)?.name ?? '';
    return gv.override ? confirmationOf(growthRangeProblems(gv), (at) => {
      const [what, part] = at.split('.') as ['sugar' | 'starch', 'min' | 'med' | 'max'];
      return was?.override ? was[what][part] : undefined;
    }, `${o.name}, ${stage}: `) : null;
  }));
  const yes = await askUnusual(plans.flat().flatMap((p) => p?.ask ?? []));
  return changed.map((o, i) => ({
    id: o.id, rowVersion: o.rowVersion,
    growthValues: o.growthValues.map((gv, j) => ({ ...gv, confirmed: (plans[i][j]?.confirmed(yes) ?? []) as (typeof GROWTH_RANGE_PATHS)[number][] })),
  }));
}

/**
 * A crop's regions (or cultivars) with their overrides, each kind read from its own endpoint (cached under that
 * endpoint's key), and the mutations that save them.
 */
function useOverridesData(kind: Kind, cropId: number) {
  const isRegion = kind === 'region';
  const qc = useQueryClient();
  // each kind reads its own endpoint (cached under that endpoint's key)
  const regions = useEndpointQuery(ep.regionsCropGrowths, { cropId }, { enabled: isRegion, gcTime: 0 });
  const cultivars = useEndpointQuery(ep.cultivarGrowth, { cropId }, { enabled: !isRegion, gcTime: 0 });
  const list = isRegion ? regions : cultivars;
  const data: Data | undefined = isRegion
    ? regions.data && { growths: regions.data.growths, owners: regions.data.regions }
    : cultivars.data && { growths: cultivars.data.growths, owners: cultivars.data.cultivars };
  // a save answers the saved list, which takes the place of the loaded one (nothing else shows it)
  const updateRegions = useEndpointMutation(ep.updateRegions, {
    invalidates: [], onError: false, onSuccess: (r) => qc.setQueryData(queryKeyOf(ep.regionsCropGrowths, { cropId }), r),
  });
  const updateCultivars = useEndpointMutation(ep.updateCultivarGrowth, {
    invalidates: [], onError: false, onSuccess: (r) => qc.setQueryData(queryKeyOf(ep.cultivarGrowth, { cropId }), r),
  });
  return { list, data, updateRegions, updateCultivars };
}

/** Adding a region (or cultivar) by the name typed, and deleting one (asked first). */
function useAddDelete(kind: Kind, cropId: number, on: { onAdded: (id: number) => void; onDeleted: (id: number) => void }) {
  const isRegion = kind === 'region';
  const confirm = useConfirm();
  const loaded = isRegion ? ep.regionsCropGrowths : ep.cultivarGrowth;
  const addRegion = useEndpointMutation(ep.addRegion, { invalidates: [loaded], onError: false });
  const addCultivar = useEndpointMutation(ep.addCultivar, { invalidates: [loaded], onError: false });
  const deleteRegion = useEndpointMutation(ep.deleteRegion, { invalidates: [loaded], onSuccess: () => notify.success(updated(kind)) });
  const deleteCultivar = useEndpointMutation(ep.deleteCultivar, { invalidates: [loaded], onSuccess: () => notify.success(updated(kind)) });
  /** the new region's (or cultivar's) name, checked with the add endpoint's own schema ('Name required') */
  const addForm = useContractForm(ep.addRegion.input, { defaultValues: { cropId, name: '' }, fields: ['name'] });
  const add = () =>
    addForm.submit((values) => (isRegion ? addRegion : addCultivar).mutateAsync(values), {
      success: updated(kind),
      onSaved: (added) => {
        addForm.reset({ cropId, name: '' });
        on.onAdded(added.id);
      },
    });

  async function remove(o: OverrideOwner) {
    if (!(await confirm(`Are you sure you want to delete ${o.name}?`, `Delete ${kind}`))) return;
    (isRegion ? deleteRegion : deleteCultivar).mutate({ id: o.id }, {
      onSuccess: () => on.onDeleted(o.id),
    });
  }
  return { addForm, add, remove };
}

/** The regions (or cultivars): a name to add (Enter or +), and the list to choose from, changed ones starred, each with delete. */
function OwnerList({ kind, owners, edited, currentId, onSelect, onDelete, empty, addName, onAdd }: {
  kind: Kind; owners: OverrideOwner[]; edited: (o: OverrideOwner) => boolean; currentId: number | undefined;
  onSelect: (id: number) => void; onDelete: (o: OverrideOwner) => void; empty: boolean;
  addName: ComponentProps<typeof TextInput>; onAdd: () => void;
}) {
  return (
  <Stack w={220} gap={6}>
    <Group gap={4} wrap="nowrap" align="flex-start">
      <TextInput
        placeholder={`New ${kind}`}
        aria-label={`New ${kind} name`}
        size="xs"
        {...addName}
        onKeyDown={(e) => e.key === 'Enter' && onAdd()}
        style={{ flex: 1 }}
        data-testid="owner-new-name"
      />
      <ActionIcon onClick={onAdd} aria-label={`Add ${kind}`} data-testid="owner-add"><IconPlus size={16} /></ActionIcon>
    </Group>
    <ScrollArea.Autosize mah="55vh">
      {owners.map((o) => (
        <Group key={o.id} gap={2} wrap="nowrap">
          <NavLink
            label={o.name + (edited(o) ? ' *' : '')}
            active={currentId === o.id}
            onClick={() => onSelect(o.id)}
            py={4}
            style={{ flex: 1 }}
            data-testid="owner-item"
            data-name={o.name}
          />
          <ActionIcon variant="subtle" color="red" aria-label={`Delete ${o.name}`} onClick={() => onDelete(o)} data-testid="owner-delete"><IconTrash size={14} /></ActionIcon>
        </Group>
      ))}
      {empty && <Text size="sm" c="dimmed">No {TITLES[kind].toLowerCase()} yet</Text>}
    </ScrollArea.Autosize>
  </Stack>
  );
}

/** The chosen one's growth stages: per stage the override flag and the sugar and starch ranges (min, med, max). */
function OverrideTable({ owner, stages, onChange, errorOf }: {
  owner: OverrideOwner; stages: CropGrowthStage[];
  onChange: (i: number, patch: Partial<OverrideOwner['growthValues'][number]>) => void; errorOf: (path: string) => string | undefined;
}) {
  return (
    <Table withTableBorder striped verticalSpacing={4} data-testid="override-table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Order</Table.Th><Table.Th>Growth</Table.Th><Table.Th>Override</Table.Th>
          <Table.Th>Sugar (min, med, max)</Table.Th><Table.Th>Starch (min, med, max)</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {owner.growthValues.map((v, i) => {
          const stage = stages.find((s) => s.id === v.growthStageId);
          return (
            <Table.Tr key={v.growthStageId} data-testid="override-row">
              <Table.Td>{stage?.sequenceNumber}</Table.Td>
              <Table.Td>{stage?.name}<Text span size="xs" c="dimmed"> {stage?.linkedTissueName ?? ''}</Text></Table.Td>
              <Table.Td>
                <Checkbox checked={v.override} onChange={(e) => onChange(i, { override: e.currentTarget.checked })} aria-label={`Override ${stage?.name}`} data-testid={`override-flag-${i}`} />
              </Table.Td>
              <Table.Td><RangeInputs compact label="Sugar" value={v.sugar} onChange={(sugar) => onChange(i, { sugar })} errorOf={errorOf} errorKey={`${i}.sugar`} disabled={!v.override} testId={`override-sugar-${i}`} /></Table.Td>
              <Table.Td><RangeInputs compact label="Starch" value={v.starch} onChange={(starch) => onChange(i, { starch })} errorOf={errorOf} errorKey={`${i}.starch`} disabled={!v.override} testId={`override-starch-${i}`} /></Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
