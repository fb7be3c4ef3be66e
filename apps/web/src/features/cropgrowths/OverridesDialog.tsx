import { ActionIcon, Box, Button, Checkbox, Group, NavLink, ScrollArea, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { type CropGrowthStage, type GrowthCropRow, type OverrideOwner, StageGrowthValue, apiFeatures } from '@sapwood/contracts';
import { AppDialog } from '../../components/ui/AppDialog';
import { useConfirm } from '../../components/ui/confirm';
import { call } from '../../lib/api';
import { notify } from '../../lib/notify';
import { type FieldErrors, errorMessage, fieldErrors } from '../../lib/formErrors';
import { RangeInputs } from './RangeInputs';

const ep = apiFeatures.cropGrowths;
const Values = z.array(StageGrowthValue);
const NewName = z.string().trim().min(1, 'Name required');
type Kind = 'region' | 'cultivar';
interface Data { growths: CropGrowthStage[]; owners: OverrideOwner[] }

const api = {
  region: {
    title: 'Regions',
    load: async (cropId: number): Promise<Data> => { const r = await call(ep.regionsCropGrowths, { cropId }); return { growths: r.growths, owners: r.regions }; },
    add: (cropId: number, name: string) => call(ep.addRegion, { cropId, name }),
    remove: (id: number) => call(ep.deleteRegion, { id }),
    save: async (cropId: number, owners: OverrideOwner[]): Promise<Data> => { const r = await call(ep.updateRegions, { cropId, regions: owners }); return { growths: r.growths, owners: r.regions }; },
  },
  cultivar: {
    title: 'Cultivars',
    load: async (cropId: number): Promise<Data> => { const r = await call(ep.cultivarGrowth, { cropId }); return { growths: r.growths, owners: r.cultivars }; },
    add: (cropId: number, name: string) => call(ep.addCultivar, { cropId, name }),
    remove: (id: number) => call(ep.deleteCultivar, { id }),
    save: async (cropId: number, owners: OverrideOwner[]): Promise<Data> => { const r = await call(ep.updateCultivarGrowth, { cropId, cultivars: owners }); return { growths: r.growths, owners: r.cultivars }; },
  },
};

/**
 * The Regions (or Cultivars) dialog of a crop: the list with add and delete, and for the chosen one,
 * per growth stage an override flag with sugar and starch ranges (min, med, max). Save stores every
 * changed region (or cultivar) in one transaction.
 */
export function OverridesDialog(props: { kind: Kind; crop: GrowthCropRow; onClose: () => void }) {
  const a = api[props.kind];
  const qc = useQueryClient();
  const confirm = useConfirm();
  const key = ['overrides', props.kind, props.crop.id];
  const list = useQuery({ queryKey: key, queryFn: () => a.load(props.crop.id), gcTime: 0 });
  const [edits, setEdits] = useState<Record<number, OverrideOwner>>({});
  const [selected, setSelected] = useState<number | null>(null);
  const [newName, setNewName] = useState('');
  const [addTried, setAddTried] = useState(false);
  const [submitted, setSubmitted] = useState(false);

  const owners = (list.data?.owners ?? []).map((o) => edits[o.id] ?? o);
  const current = owners.find((o) => o.id === selected) ?? owners[0];
  const changed = owners.filter((o) => edits[o.id]);
  const errors: FieldErrors = submitted && current ? fieldErrors(Values, current.growthValues) : {};
  const nameError = addTried ? fieldErrors(NewName, newName)[''] : undefined;

  function setValue(i: number, patch: Partial<OverrideOwner['growthValues'][number]>) {
    if (!current) return;
    const growthValues = current.growthValues.map((v, j) => (j === i ? { ...v, ...patch } : v));
    setEdits({ ...edits, [current.id]: { ...current, growthValues } });
  }

  async function add() {
    setAddTried(true);
    if (fieldErrors(NewName, newName)['']) return;
    try {
      const added = await a.add(props.crop.id, newName.trim());
      setNewName('');
      setAddTried(false);
      await list.refetch();
      setSelected(added.id);
      notify.success('success');
    } catch (err) {
      notify.error(errorMessage(err));
    }
  }

  async function remove(o: OverrideOwner) {
    if (!(await confirm(`Are you sure you want to delete ${o.name}?`, `Delete ${props.kind}`))) return;
    try {
      await a.remove(o.id);
      const { [o.id]: _dropped, ...rest } = edits;
      void _dropped;
      setEdits(rest);
      await list.refetch();
      notify.success('success');
    } catch (err) {
      notify.error(errorMessage(err));
    }
  }

  async function save() {
    setSubmitted(true);
    const bad = changed.find((o) => Object.keys(fieldErrors(Values, o.growthValues)).length);
    if (bad) {
      setSelected(bad.id);
      return;
    }
    try {
      const saved = await a.save(props.crop.id, changed);
      qc.setQueryData(key, saved);
      setEdits({});
      setSubmitted(false);
      notify.success('success');
    } catch (err) {
      notify.error(errorMessage(err));
    }
  }

  async function close() {
    if (changed.length && !(await confirm('Discard the unsaved overrides?', 'Unsaved changes'))) return;
    props.onClose();
  }

  const stages = list.data?.growths ?? [];
  return (
    <AppDialog
      opened
      onClose={() => void close()}
      title={`${a.title} · ${props.crop.name}`}
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
        <Stack w={220} gap={6}>
          <Group gap={4} wrap="nowrap" align="flex-start">
            <TextInput
              placeholder={`New ${props.kind}`}
              aria-label={`New ${props.kind} name`}
              size="xs"
              value={newName}
              onChange={(e) => setNewName(e.currentTarget.value)}
              onKeyDown={(e) => e.key === 'Enter' && void add()}
              error={nameError}
              style={{ flex: 1 }}
              data-testid="owner-new-name"
            />
            <ActionIcon onClick={() => void add()} aria-label={`Add ${props.kind}`} data-testid="owner-add"><IconPlus size={16} /></ActionIcon>
          </Group>
          <ScrollArea.Autosize mah="55vh">
            {owners.map((o) => (
              <Group key={o.id} gap={2} wrap="nowrap">
                <NavLink
                  label={o.name + (edits[o.id] ? ' *' : '')}
                  active={current?.id === o.id}
                  onClick={() => setSelected(o.id)}
                  py={4}
                  style={{ flex: 1 }}
                  data-testid="owner-item"
                  data-name={o.name}
                />
                <ActionIcon variant="subtle" color="red" aria-label={`Delete ${o.name}`} onClick={() => void remove(o)} data-testid="owner-delete"><IconTrash size={14} /></ActionIcon>
              </Group>
            ))}
            {list.isSuccess && owners.length === 0 && <Text size="sm" c="dimmed">No {a.title.toLowerCase()} yet</Text>}
          </ScrollArea.Autosize>
        </Stack>
        <Box style={{ flex: 1, overflowX: 'auto' }}>
          {current && (
            <Table withTableBorder striped verticalSpacing={4} data-testid="override-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Order</Table.Th><Table.Th>Growth</Table.Th><Table.Th>Override</Table.Th>
                  <Table.Th>Sugar (min, med, max)</Table.Th><Table.Th>Starch (min, med, max)</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {current.growthValues.map((v, i) => {
                  const stage = stages.find((s) => s.id === v.growthStageId);
                  return (
                    <Table.Tr key={v.growthStageId} data-testid="override-row">
                      <Table.Td>{stage?.sequenceNumber}</Table.Td>
                      <Table.Td>{stage?.name}<Text span size="xs" c="dimmed"> {stage?.linkedTissueName ?? ''}</Text></Table.Td>
                      <Table.Td>
                        <Checkbox checked={v.override} onChange={(e) => setValue(i, { override: e.currentTarget.checked })} aria-label={`Override ${stage?.name}`} data-testid={`override-flag-${i}`} />
                      </Table.Td>
                      <Table.Td><RangeInputs compact label="Sugar" value={v.sugar} onChange={(sugar) => setValue(i, { sugar })} errors={errors} errorKey={`${i}.sugar`} disabled={!v.override} testId={`override-sugar-${i}`} /></Table.Td>
                      <Table.Td><RangeInputs compact label="Starch" value={v.starch} onChange={(starch) => setValue(i, { starch })} errors={errors} errorKey={`${i}.starch`} disabled={!v.override} testId={`override-starch-${i}`} /></Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          )}
          {current && stages.length === 0 && <Text size="sm" c="dimmed">This crop has no growths yet.</Text>}
        </Box>
      </Group>
    </AppDialog>
  );
}
