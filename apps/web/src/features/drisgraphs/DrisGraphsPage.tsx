import { ActionIcon, Button, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { type FormulaGraphRecord, apiFeatures } from '@sapwood/contracts';
import { PageTitle } from '../../components/layout/PageTitle';
import { PagedTable } from '../../components/ui/table/PagedTable';
import { FormulaGraphDialog } from './FormulaGraphDialog';

const ep = apiFeatures.drisgraphs;

/** /drisgraphs (Graph Builder): the named formula graphs, with + and edit. */
export default function DrisGraphsPage() {
  const [editing, setEditing] = useState<FormulaGraphRecord | 'new' | null>(null);
  const columns = useMemo<ColumnDef<FormulaGraphRecord, unknown>[]>(() => [
    { id: 'name', header: 'Name', accessorKey: 'name' },
    {
      id: 'relationships', header: () => 'Relationships', enableSorting: false,
      cell: ({ row }) => <Text size="xs" c="dimmed" lineClamp={1}>{row.original.formula.relationships.map((r) => `${r.name} = ${r.expression}`).join('; ')}</Text>,
    },
    {
      id: 'values', header: () => 'Values', enableSorting: false,
      cell: ({ row }) => <Text size="xs" c="dimmed" lineClamp={1}>{row.original.formula.values.map((v) => v.element).join(', ')}</Text>,
    },
    { id: 'alternate', header: () => 'Alternate function', enableSorting: false, size: 130, cell: ({ row }) => (row.original.alternateFunction ? 'Yes' : 'No') },
    {
      id: 'actions', header: () => 'Actions', enableSorting: false, size: 70,
      cell: ({ row }) => (
        <Tooltip label="Edit">
          <ActionIcon variant="subtle" aria-label={`Edit ${row.original.name}`} onClick={() => setEditing(row.original)} data-testid={`graph-edit-${row.original.id}`}>
            <IconPencil size={16} />
          </ActionIcon>
        </Tooltip>
      ),
    },
  ], []);

  return (
    <>
      <PageTitle />
      <PagedTable
        endpoint={ep.paged}
        columns={columns}
        rowId={(g) => g.id}
        testId="graphs-table"
        searchPlaceholder="Search by name"
        toolbar={<Button size="xs" onClick={() => setEditing('new')} data-testid="graph-add" aria-label="Add graph"><IconPlus size={14} /></Button>}
      />
      {editing && <FormulaGraphDialog graph={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </>
  );
}
