import { ActionIcon, Box, Button, Group, Image, Loader, Text, Tooltip } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { type CropGrowths, CropGrowthsUpsert, type GrowthCropRow, apiFeatures } from '@sapwood/contracts';
import { AppDialog } from '../../components/ui/AppDialog';
import { FormNumber } from '../../components/ui/form/FormFields';
import { useGuardedClose } from '../../components/ui/unsaved';
import { useEndpointMutation, useEndpointQuery, useInvalidate } from '../../lib/query';
import { useContractForm } from '../../lib/useContractForm';
import { GrowthEditDialog } from './GrowthEditDialog';
import { GrowthsTable } from './GrowthsTable';
import { ReassignDialog } from './ReassignDialog';
import { type LocalGrowth, fromStage, newGrowth, toInput } from './growthState';
import { useActiveTissues } from './useActiveTissues';
import { snack } from '../../lib/notify';

const ep = apiFeatures.cropGrowths;

/** The first message anywhere under a form's errors (the growth list has no fields of its own to show it on). */
function firstMessage(errors: FieldErrors | FieldErrors[keyof FieldErrors] | undefined): string | undefined {
  if (!errors || typeof errors !== 'object') return undefined;
  if (typeof (errors as { message?: unknown }).message === 'string') return (errors as { message: string }).message;
  for (const value of Object.values(errors)) {
    const m = firstMessage(value as FieldErrors);
    if (m) return m;
  }
  return undefined;
}

/**
 * The Growths dialog of one crop: image, factor and the ordered growth list. Reorder, edits, additions
 * and the factor are kept here until Save, which stores them in one transaction; deleting a saved
 * growth goes through the reassign dialog at once.
 */
export function GrowthsDialog(props: { crop: GrowthCropRow; onClose: () => void }) {
  const tissues = useActiveTissues();
  const { form, growths, setGrowths, dirty, setDirty, change, save, listError } = useCropGrowths(props.crop);
  const invalidate = useInvalidate();
  const refreshList = () => invalidate([ep.crops]);
  const [editing, setEditing] = useState<{ g: LocalGrowth; isNew: boolean } | null>(null);
  const [deleting, setDeleting] = useState<LocalGrowth | null>(null);

  /** the Close button: asks first while there are unsaved changes (Escape, the x and an outside click ask through the dialog) */
  const close = useGuardedClose(dirty, props.onClose);

  function remove(g: LocalGrowth) {
    if (g.id === 0) change((growths ?? []).filter((x) => x.key !== g.key));
    else setDeleting(g);
  }

  return (
    <AppDialog
      opened
      onClose={props.onClose}
      dirty={dirty}
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
        <CropImage crop={props.crop} />
        <FormNumber control={form.control} name="factor" label="Crop factor" withAsterisk w={140} onValueChange={() => setDirty(true)} data-testid="crop-factor" />
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
            form.setValue('rowVersion', v);
            setDeleting(null);
            void refreshList();
          }}
        />
      )}
    </AppDialog>
  );
}

/**
 * The crop's factor and version in the contract's form, the ordered growths (with their local keys) beside it,
 * both back to what the server holds on opening and after a save; Save checks and sends them in one.
 */
function useCropGrowths(crop: GrowthCropRow) {
  const loaded = useEndpointQuery(ep.cropGrowths, { cropId: crop.id }, { gcTime: 0 });
  // the crop's factor and version in the contract's form; the ordered growths (with their local keys) beside it
  const form = useContractForm(CropGrowthsUpsert, {
    defaultValues: { id: crop.id, name: crop.name, factor: crop.factor, rowVersion: crop.rowVersion, growths: [] },
    fields: ['factor', 'growths'],
  });
  // a refused save keeps the edits: only the crop list (its growth counts) is refreshed
  const upsert = useEndpointMutation(ep.cropGrowthsUpsert, { invalidates: [ep.crops], onError: false });
  const [growths, setGrowths] = useState<LocalGrowth[] | null>(null);
  const [dirty, setDirty] = useState(false);

  const { reset: resetForm } = form;
  const { id: cropId, name: cropName } = crop;
  /** back to what the server holds (on opening and after a save) */
  const reset = useCallback((data: CropGrowths) => {
    resetForm({ id: cropId, name: cropName, factor: data.crop.factor, rowVersion: data.crop.rowVersion, growths: [] });
    setGrowths(data.growths.map(fromStage));
    setDirty(false);
  }, [resetForm, cropId, cropName]);
  useEffect(() => {
    if (loaded.data) reset(loaded.data);
  }, [loaded.data, reset]);

  const change = (next: LocalGrowth[]) => { setGrowths(next); setDirty(true); };
  /** a message on the growth list (the table has no fields of its own to show it on) */
  const listError = firstMessage(form.formState.errors.growths as FieldErrors | undefined);

  const save = () => {
    // the list as it stands goes into the form's values, checked and sent with the factor
    form.setValue('growths', (growths ?? []).map(toInput));
    return form.submit((values) => upsert.mutateAsync(values), { success: snack.updated('Growth stages'), onSaved: reset });
  };
  return { form, growths, setGrowths, dirty, setDirty, change, save, listError };
}

/** The crop's picture (its small copy), or 'No image'. */
function CropImage({ crop }: { crop: GrowthCropRow }) {
  const image = crop.imagePath;
  return (
  <Box w={120} h={90} style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 4, overflow: 'hidden' }}>
    {image
      ? <Image src={`/upload/crops/${image}-low.png`} fallbackSrc="/noimage.jpg" alt={crop.name} h={90} fit="contain" data-testid="crop-image" />
      : <Text size="xs" c="dimmed" ta="center" pt={34}>No image</Text>}
  </Box>
  );
}
