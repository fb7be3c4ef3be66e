import { ActionIcon, Button, Group, Switch, Tooltip } from '@mantine/core';
import { IconListNumbers, IconMapPin, IconPlant2, IconPlus } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { type GrowthCropRow, apiFeatures } from '@sapwood/contracts';
import { PageTitle } from '../../components/layout/PageTitle';
import { PagedTable } from '../../components/ui/table/PagedTable';
import { notify, snack } from '../../lib/notify';
import { useEndpointMutation } from '../../lib/query';
import { AddCropDialog } from './AddCropDialog';
import { GrowthsDialog } from './GrowthsDialog';
import { OverridesDialog } from './OverridesDialog';

const ep = apiFeatures.cropGrowths;
type Open = { kind: 'growths' | 'region' | 'cultivar'; crop: GrowthCropRow } | { kind: 'add' } | null;

/** /carbohydratesgrowths: crops with factor, growth count and active; their growths, regions and cultivars. */
export default function CropGrowthsPage() {
  const [open, setOpen] = useState<Open>(null);
  // a failed toggle is reported by the mutation; either way the list shows what the server holds
  const updateActive = useEndpointMutation(ep.updateCropActive, { invalidates: [ep.crops, apiFeatures.lab.cropsActive], onSuccess: () => notify.success(snack.updated('Crop')) });
  const { mutate: setActive } = updateActive;

  const columns = useMemo<ColumnDef<GrowthCropRow, unknown>[]>(() => {
    const toggle = (c: GrowthCropRow, active: boolean) => setActive({ id: c.id, active });
    const action = (c: GrowthCropRow, kind: 'growths' | 'region' | 'cultivar', label: string, icon: React.ReactNode) => (
      <Tooltip label={label}>
        <ActionIcon variant="subtle" aria-label={`${label} ${c.name}`} onClick={() => setOpen({ kind, crop: c })} data-testid={`crop-${kind}-${c.id}`}>{icon}</ActionIcon>
      </Tooltip>
    );
    return [
      { id: 'name', header: 'Name', accessorKey: 'name' },
      { id: 'factor', header: 'Factor', accessorKey: 'factor', size: 90 },
      { id: 'growthCounts', header: 'Growths', accessorKey: 'growthCounts', size: 90 },
      {
        id: 'active', header: 'Active', size: 90,
        cell: ({ row }) => (
          <Switch checked={row.original.active} onChange={(e) => void toggle(row.original, e.currentTarget.checked)} aria-label={`Active ${row.original.name}`} data-testid={`crop-active-${row.original.id}`} />
        ),
      },
      {
        id: 'actions', header: () => 'Actions', enableSorting: false, size: 120,
        cell: ({ row }) => (
          <Group gap={2} wrap="nowrap">
            {action(row.original, 'region', 'Regions', <IconMapPin size={16} />)}
            {action(row.original, 'cultivar', 'Cultivars', <IconPlant2 size={16} />)}
            {action(row.original, 'growths', 'Growths', <IconListNumbers size={16} />)}
          </Group>
        ),
      },
    ];
  }, [setActive]);

  return (
    <>
      <PageTitle />
      <PagedTable
        endpoint={ep.crops}
        columns={columns}
        rowId={(c) => c.id}
        testId="crops-table"
        toolbar={<Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setOpen({ kind: 'add' })} data-testid="crop-add">Add crop</Button>}
      />
      {open?.kind === 'add' && <AddCropDialog onClose={() => setOpen(null)} onSaved={() => setOpen(null)} />}
      {open?.kind === 'growths' && <GrowthsDialog crop={open.crop} onClose={() => setOpen(null)} />}
      {(open?.kind === 'region' || open?.kind === 'cultivar') && <OverridesDialog kind={open.kind} crop={open.crop} onClose={() => setOpen(null)} />}
    </>
  );
}
