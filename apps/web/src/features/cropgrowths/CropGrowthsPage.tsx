import { Switch } from '@mantine/core';
import { IconListNumbers, IconMapPin, IconPlant2 } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { type GrowthCropRow, apiFeatures } from '@sapwood/contracts';
import { AddButton, ListPage, type RowAction, actionsColumn } from '../../components/ui/table/ListPage';
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
    const action = (kind: 'growths' | 'region' | 'cultivar', label: string, icon: RowAction<GrowthCropRow>['icon']): RowAction<GrowthCropRow> => ({
      label, icon, name: (c) => `${label} ${c.name}`, onClick: (crop) => setOpen({ kind, crop }), testId: (c) => `crop-${kind}-${c.id}`,
    });
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
      actionsColumn([action('region', 'Regions', IconMapPin), action('cultivar', 'Cultivars', IconPlant2), action('growths', 'Growths', IconListNumbers)], { size: 120, iconSize: 16 }),
    ];
  }, [setActive]);

  return (
    <ListPage
      endpoint={ep.crops}
      columns={columns}
      testId="crops-table"
      toolbar={<AddButton label="Add crop" text="Add crop" onClick={() => setOpen({ kind: 'add' })} testId="crop-add" />}
    >
      {open?.kind === 'add' && <AddCropDialog onClose={() => setOpen(null)} onSaved={() => setOpen(null)} />}
      {open?.kind === 'growths' && <GrowthsDialog crop={open.crop} onClose={() => setOpen(null)} />}
      {(open?.kind === 'region' || open?.kind === 'cultivar') && <OverridesDialog kind={open.kind} crop={open.crop} onClose={() => setOpen(null)} />}
    </ListPage>
  );
}
