import { ActionIcon, Button, Group, Switch, Tooltip } from '@mantine/core';
import { IconChartLine, IconPencil, IconPlus } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { ANALYTE_LABELS, type ControlLot, apiFeatures } from '@sapwood/contracts';
import { PageTitle } from '../../components/layout/PageTitle';
import { PagedTable } from '../../components/ui/table/PagedTable';
import { notify, snack } from '../../lib/notify';
import { useEndpointMutation, useEndpointQuery } from '../../lib/query';
import { ControlLotDialog } from './ControlLotDialog';
import { LotChartDialog } from './LotChartDialog';

const ep = apiFeatures.qc;

/** /controlmaterials: the control lots of the carbohydrate runs, their charts, and whether controls are optional. */
export default function ControlMaterialsPage() {
  const [editing, setEditing] = useState<ControlLot | 'new' | null>(null);
  const [charting, setCharting] = useState<ControlLot | null>(null);
  const settings = useEndpointQuery(ep.settings, {});
  const updateSettings = useEndpointMutation(ep.updateSettings, { invalidates: [ep], onSuccess: () => notify.success(snack.updated('QC setting')) });

  const columns = useMemo<ColumnDef<ControlLot, unknown>[]>(() => [
    { id: 'name', header: 'Name', accessorKey: 'name' },
    { id: 'lot', header: 'Lot', accessorKey: 'lot' },
    { id: 'analyte', header: 'Analyte', accessorFn: (l) => ANALYTE_LABELS[l.analyte] },
    { id: 'mean', header: 'Mean', accessorKey: 'mean', enableSorting: false },
    { id: 'sd', header: 'SD', accessorKey: 'sd', enableSorting: false },
    { id: 'validFrom', header: 'Valid from', accessorKey: 'validFrom' },
    { id: 'validTo', header: 'Valid to', accessorFn: (l) => l.validTo ?? '', enableSorting: false },
    { id: 'active', header: 'Active', accessorFn: (l) => (l.active ? 'Yes' : 'No') },
    {
      id: 'actions', header: () => 'Actions', enableSorting: false, size: 90,
      cell: ({ row }) => (
        <Group gap={4} wrap="nowrap">
          <Tooltip label="Edit"><ActionIcon variant="subtle" aria-label={`Edit ${row.original.lot}`} onClick={() => setEditing(row.original)} data-testid={`control-lot-edit-${row.original.id}`}><IconPencil size={16} /></ActionIcon></Tooltip>
          <Tooltip label="Chart"><ActionIcon variant="subtle" aria-label={`Chart ${row.original.lot}`} onClick={() => setCharting(row.original)} data-testid={`control-lot-chart-${row.original.id}`}><IconChartLine size={16} /></ActionIcon></Tooltip>
        </Group>
      ),
    },
  ], []);

  return (
    <>
      <PageTitle />
      <PagedTable
        endpoint={ep.lots}
        columns={columns}
        rowId={(l) => l.id}
        testId="control-lots-table"
        toolbar={(
          <Group>
            <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setEditing('new')} data-testid="control-lot-add">Add</Button>
            {settings.data && (
              <Switch
                label="Controls are optional on a job"
                checked={settings.data.controlsOptional}
                onChange={(e) => updateSettings.mutate({ controlsOptional: e.currentTarget.checked, rowVersion: settings.data.rowVersion })}
                data-testid="qc-controls-optional"
              />
            )}
          </Group>
        )}
      />
      {editing && <ControlLotDialog lot={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onSaved={() => setEditing(null)} />}
      {charting && <LotChartDialog lot={charting} onClose={() => setCharting(null)} />}
    </>
  );
}
