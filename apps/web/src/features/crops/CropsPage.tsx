import { Select, Text } from '@mantine/core';
import { IconCopy, IconLeaf, IconPencil, IconPlant2, IconTrash } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { useCallback, useMemo, useState } from 'react';
import { type CropMasterRow, type LabCropRow, apiFeatures } from '@sapwood/contracts';
import { AddButton, ListPage, actionsColumn } from '../../components/ui/table/ListPage';
import { useConfirm } from '../../components/ui/confirm';
import { notify } from '../../lib/notify';
import { useEndpointMutation, useEndpointQuery } from '../../lib/query';
import { CropDataDialog } from './CropDataDialog';
import { LinkDeleteCropDialog } from './LinkDeleteDialog';
import { OwnerNormsDialog } from './OwnerNormsDialog';

const ep = apiFeatures.crops;
const PICK_LIMIT = 200;

type Open = { kind: 'crop'; id: number | null } | { kind: 'cultivars' | 'stages' | 'delete'; crop: CropMasterRow } | null;

/** /crops: the crop master — lab crops per outside lab, alternative names, and each crop's norms. */
export default function CropsPage() {
  const [open, setOpen] = useState<Open>(null);
  const nvirotek = useEndpointQuery(apiFeatures.labmins.allcrops, {}).data;
  const wynland = useEndpointQuery(apiFeatures.labmins.wynlandcrops, {}).data;
  const allCrops = useEndpointQuery(ep.all, {}, { enabled: open?.kind === 'delete' }).data;
  const clone = useEndpointMutation(ep.cloneCrop, { invalidates: [ep], onSuccess: (c) => notify.success(`${c.name} added`) });
  const confirm = useConfirm();
  // a clone is a new crop with all that the crop holds: asked first, as every action that adds or removes one is
  const cloneAsked = useCallback(async (c: CropMasterRow) => {
    if (await confirm(`Clone ${c.name} with its cultivars, growth stages and norms?`, 'Clone crop')) clone.mutate({ id: c.id });
  }, [confirm, clone]);
  // the links and version a pick saved, until the list read again shows them: a second pick right after the first
  // sends both links as they are now, over the version the first made (not the list's older row)
  const [assigned, setAssigned] = useState<ReadonlyMap<number, Pick<CropMasterRow, 'labminCropId' | 'wynlandCropId' | 'rowVersion'>>>(new Map());
  const assign = useEndpointMutation(ep.assignLab, {
    invalidates: [ep],
    onSuccess: ({ rowVersion }, sent) => {
      setAssigned((m) => new Map(m).set(sent.cropId, { labminCropId: sent.labminCropId ?? null, wynlandCropId: sent.wynlandCropId ?? null, rowVersion }));
      notify.success('Lab crop assigned');
    },
  });

  const columns = useMemo<ColumnDef<CropMasterRow, unknown>[]>(() => {
    const options = (list: LabCropRow[] = []) => list.map((c) => ({ value: String(c.id), label: c.shortCode ? `${c.name} (${c.shortCode})` : c.name }));
    const labSelect = (listed: CropMasterRow, lab: 'labminCropId' | 'wynlandCropId', list: LabCropRow[] | undefined, name: string) => {
      const mine = assigned.get(listed.id);
      const row = mine && mine.rowVersion > listed.rowVersion ? { ...listed, ...mine } : listed;
      return (
      <Select size="xs" searchable clearable limit={PICK_LIMIT} data={options(list)} value={row[lab] === null ? null : String(row[lab])} placeholder="—"
        aria-label={`${name} crop of ${row.name}`} comboboxProps={{ withinPortal: true }} data-testid={`${lab}-${row.id}`}
        onChange={(v) => assign.mutate({ cropId: row.id, labminCropId: row.labminCropId, wynlandCropId: row.wynlandCropId, rowVersion: row.rowVersion, [lab]: v ? Number(v) : null })} />
      );
    };
    return [
      { id: 'id', header: 'Id', accessorKey: 'id', size: 60 },
      { id: 'name', header: 'Name', accessorKey: 'name' },
      { id: 'nvirotek', header: () => 'Nvirotek', enableSorting: false, size: 220, cell: ({ row }) => labSelect(row.original, 'labminCropId', nvirotek, 'Nvirotek') },
      { id: 'wynland', header: () => 'Wynland', enableSorting: false, size: 220, cell: ({ row }) => labSelect(row.original, 'wynlandCropId', wynland, 'Wynland') },
      { id: 'linkedNames', header: () => 'Alternative Names', enableSorting: false, cell: ({ row }) => <Text size="xs" lineClamp={1}>{row.original.linkedNames.join(', ')}</Text> },
      actionsColumn<CropMasterRow>([
        { label: 'Growth stages', icon: IconPlant2, name: (c) => `Growth stages of ${c.name}`, onClick: (crop) => setOpen({ kind: 'stages', crop }) },
        { label: 'Cultivars', icon: IconLeaf, name: (c) => `Cultivars of ${c.name}`, onClick: (crop) => setOpen({ kind: 'cultivars', crop }) },
        { label: 'Edit', icon: IconPencil, name: (c) => `Edit ${c.name}`, onClick: (c) => setOpen({ kind: 'crop', id: c.id }), testId: (c) => `crop-edit-${c.id}` },
        { label: 'Clone', icon: IconCopy, name: (c) => `Clone ${c.name}`, onClick: (c) => void cloneAsked(c) },
        { label: 'Delete (link to another crop)', icon: IconTrash, color: 'red', name: (c) => `Delete ${c.name}`, onClick: (crop) => setOpen({ kind: 'delete', crop }) },
      ], { size: 170, iconSize: 16 }),
    ];
  }, [nvirotek, wynland, assign, cloneAsked, assigned]);

  return (
    <ListPage
      endpoint={ep.paged}
      columns={columns}
      testId="crops-table"
      searchPlaceholder="Name or alternative name"
      toolbar={<AddButton label="Add" text="Add" onClick={() => setOpen({ kind: 'crop', id: null })} testId="crop-add" />}
    >
      {open?.kind === 'crop' && <CropDataDialog cropId={open.id} onClose={() => setOpen(null)} />}
      {open?.kind === 'delete' && allCrops && <LinkDeleteCropDialog crop={open.crop} crops={allCrops} onClose={() => setOpen(null)} />}
      {(open?.kind === 'cultivars' || open?.kind === 'stages') && <OwnerNormsDialog kind={open.kind} crop={open.crop} onClose={() => setOpen(null)} />}
    </ListPage>
  );
}
