import { Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { type FormulaGraphRecord, apiFeatures } from '@sapwood/contracts';
import { actionsColumn, AddButton, editAction, ListPage, useEditing } from '../../components/ui/table/ListPage';
import { FormulaGraphDialog } from './FormulaGraphDialog';

const ep = apiFeatures.drisgraphs;

/** /drisgraphs (Graph Builder): the named formula graphs, with + and edit. */
export default function DrisGraphsPage() {
  const editor = useEditing<FormulaGraphRecord>();
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
    actionsColumn<FormulaGraphRecord>([
      editAction(editor.edit, (g) => `graph-edit-${g.id}`),
    ], { size: 70, iconSize: 16 }),
  ], [editor.edit]);

  return (
    <ListPage
      endpoint={ep.paged}
      columns={columns}
      testId="graphs-table"
      searchPlaceholder="Search by name"
      toolbar={<AddButton label="Add graph" testId="graph-add" onClick={editor.add} />}
    >
      {editor.dialog((graph, close) => <FormulaGraphDialog graph={graph} onClose={close} />)}
    </ListPage>
  );
}
