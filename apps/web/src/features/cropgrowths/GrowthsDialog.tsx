import { ActionIcon, Box, Button, Group, Image, Loader, Text, Tooltip } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type CropGrowths, CropGrowthsUpsert, type GrowthCropRow, apiFeatures } from '@sapwood/contracts';
import { AppDialog } from '../../components/ui/AppDialog';
import { NumericInput } from '../../components/ui/NumericInput';
import { useConfirm } from '../../components/ui/confirm';
import { call } from '../../lib/api';
import { fieldErrors } from '../../lib/formErrors';
import { useFormSave } from '../../lib/useFormSave';
import { GrowthEditDialog } from './GrowthEditDialog';
import { GrowthsTable } from './GrowthsTable';
import { ReassignDialog } from './ReassignDialog';
import { type LocalGrowth, fromStage, newGrowth, toInput } from './growthState';
import { useActiveTissues } from './useActiveTissues';

const ep = apiFeatures.cropGrowths;

/**
 * The Growths dialog of one crop: image, factor and the ordered growth list. Reorder, edits, additions
 * and the factor are kept here until Save, which stores them in one transaction; deleting a saved
 * growth goes through the reassign dialog at once.
 */
export function GrowthsDialog(props: { crop: GrowthCropRow; onClose: () => void }) {
  const qc = useQueryClient();
  const confirm = useConfirm();
  const tissues = useActiveTissues();
  const loaded = useQuery({ queryKey: [ep.cropGrowths.path, props.crop.id], queryFn: () => call(ep.cropGrowths, { cropId: props.crop.id }), gcTime: 0 });
  const [factor, setFactor] = useState<number | null>(props.crop.factor);
  const [rowVersion, setRowVersion] = useState(props.crop.rowVersion);
  const [growths, setGrowths] = useState<LocalGrowth[] | null>(null);
  const [dirty, setDirty] = useState(false);
  const [editing, setEditing] = useState<{ g: LocalGrowth; isNew: boolean } | null>(null);
  const [deleting, setDeleting] = useState<LocalGrowth | null>(null);

  function reset(data: CropGrowths) {
    setFactor(data.crop.factor);
    setRowVersion(data.crop.rowVersion);
    setGrowths(data.growths.map(fromStage));
    setDirty(false);
  }
  useEffect(() => {
    if (loaded.data) reset(loaded.data);
  }, [loaded.data]);

  const change = (next: LocalGrowth[]) => { setGrowths(next); setDirty(true); };
  const input = { id: props.crop.id, name: props.crop.name, factor: factor ?? Number.NaN, rowVersion, growths: (growths ?? []).map(toInput) };
  const form = useFormSave({ check: fieldErrors(CropGrowthsUpsert, input), inForm: ['factor', 'growths'] });
  const { errors } = form;
  /** a message on the growth list (the table has no fields of its own to show it on) */
  const listError = Object.entries(errors).find(([k]) => k.split('.')[0] === 'growths')?.[1];
  const refreshList = () => qc.invalidateQueries({ queryKey: [ep.crops.path] });

  const save = () => form.save(() => call(ep.cropGrowthsUpsert, input), {
    success: 'success',
    onSaved: (saved) => {
      reset(saved);
      form.reset();
      void refreshList();
    },
  });

  async function close() {
    if (dirty && !(await confirm('Discard the changes to the growths of this crop?', 'Unsaved changes'))) return;
    props.onClose();
  }

  function remove(g: LocalGrowth) {
    if (g.id === 0) change((growths ?? []).filter((x) => x.key !== g.key));
    else setDeleting(g);
  }

  const image = props.crop.imagePath;
  return (
    <AppDialog
      opened
      onClose={() => void close()}
      title={`Growths · ${props.crop.name}`}
      size="xl"
      data-testid="growths-dialog"
      actions={
        <>
          <Button variant="default" onClick={() => void close()}>Close</Button>
          <Button onClick={() => void save()} disabled={!growths} loading={form.busy} data-testid="growths-save">Save</Button>
        </>
      }
    >
      <Group align="flex-start" gap="md" mb="sm">
        <Box w={120} h={90} style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 4, overflow: 'hidden' }}>
          {image
            ? <Image src={`/upload/crops/${image}-low.png`} fallbackSrc="/noimage.jpg" alt={props.crop.name} h={90} fit="contain" data-testid="crop-image" />
            : <Text size="xs" c="dimmed" ta="center" pt={34}>No image</Text>}
        </Box>
        <NumericInput
          label="Crop factor"
          withAsterisk
          value={factor}
          onChange={(v) => { setFactor(v); setDirty(true); form.clearServerError('factor'); }}
          error={errors.factor}
          w={140}
          data-testid="crop-factor"
        />
        <Box style={{ flex: 1 }} />
        <Tooltip label="Add growth">
          <ActionIcon
            size="lg"
            mt={24}
            aria-label="Add growth"
            onClick={() => setEditing({ g: newGrowth(tissues.data?.[0]), isNew: true })}
            disabled={!growths || tissues.isPending}
            data-testid="growth-add"
          >
            <IconPlus size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
      {listError && <Text c="red" size="sm" mb="xs">{listError}</Text>}
      {growths ? (
        <GrowthsTable growths={growths} onChange={change} onEdit={(g) => setEditing({ g, isNew: false })} onDelete={remove} />
      ) : (
        <Loader size="sm" />
      )}
      {editing && (
        <GrowthEditDialog
          growth={editing.g}
          isNew={editing.isNew}
          onClose={() => setEditing(null)}
          onDone={(g) => {
            const list = growths ?? [];
            change(editing.isNew ? [...list, g] : list.map((x) => (x.key === g.key ? g : x)));
            setEditing(null);
          }}
        />
      )}
      {deleting && (
        <ReassignDialog
          growth={deleting}
          others={(growths ?? []).filter((g) => g.id > 0 && g.key !== deleting.key)}
          onClose={() => setDeleting(null)}
          onDeleted={(v) => {
            setGrowths((growths ?? []).filter((x) => x.key !== deleting.key));
            setRowVersion(v);
            setDeleting(null);
            void refreshList();
          }}
        />
      )}
    </AppDialog>
  );
}
