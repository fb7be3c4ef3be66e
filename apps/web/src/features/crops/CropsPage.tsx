import { ActionIcon, Button, Group, Select, Text, Tooltip } from '@mantine/core';
import { IconCopy, IconLeaf, IconPencil, IconPlant2, IconPlus, IconTrash } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { type CropMasterRow, type LabCropRow, apiFeatures } from '@sapwood/contracts';
import { PageTitle } from '../../components/layout/PageTitle';
import { PagedTable } from '../../components/ui/table/PagedTable';
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
      {
        id: 'actions', header: () => 'Actions', enableSorting: false, size: 170,
        cell: ({ row }) => (
          <Group gap={4} wrap="nowrap">
            <Tooltip label="Growth stages"><ActionIcon variant="subtle" aria-label={`Growth stages of ${row.original.name}`} onClick={() => setOpen({ kind: 'stages', crop: row.original })}><IconPlant2 size={16} /></ActionIcon></Tooltip>
            <Tooltip label="Cultivars"><ActionIcon variant="subtle" aria-label={`Cultivars of ${row.original.name}`} onClick={() => setOpen({ kind: 'cultivars', crop: row.original })}><IconLeaf size={16} /></ActionIcon></Tooltip>
            <Tooltip label="Edit"><ActionIcon variant="subtle" aria-label={`Edit ${row.original.name}`} onClick={() => setOpen({ kind: 'crop', id: row.original.id })} data-testid={`crop-edit-${row.original.id}`}><IconPencil size={16} /></ActionIcon></Tooltip>
            <Tooltip label="Clone"><ActionIcon variant="subtle" aria-label={`Clone ${row.original.name}`} onClick={() => clone.mutate({ id: row.original.id })}><IconCopy size={16} /></ActionIcon></Tooltip>
            <Tooltip label="Delete (link to another crop)"><ActionIcon variant="subtle" color="red" aria-label={`Delete ${row.original.name}`} onClick={() => setOpen({ kind: 'delete', crop: row.original })}><IconTrash size={16} /></ActionIcon></Tooltip>
          </Group>
        ),
      },
    ];
  }, [nvirotek, wynland, assign, clone, assigned]);

  return (
    <>
      <PageTitle />
      <PagedTable
        endpoint={ep.paged}
        columns={columns}
        rowId={(c) => c.id}
        testId="crops-table"
        searchPlaceholder="Name or alternative name"
        toolbar={<Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setOpen({ kind: 'crop', id: null })} data-testid="crop-add">Add</Button>}
      />
      {open?.kind === 'crop' && <CropDataDialog cropId={open.id} onClose={() => setOpen(null)} />}
      {open?.kind === 'delete' && allCrops && <LinkDeleteCropDialog crop={open.crop} crops={allCrops} onClose={() => setOpen(null)} />}
      {(open?.kind === 'cultivars' || open?.kind === 'stages') && <OwnerNormsDialog kind={open.kind} crop={open.crop} onClose={() => setOpen(null)} />}
    </>
  );
}
