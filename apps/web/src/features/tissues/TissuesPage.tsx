import { ActionIcon, Button, Group, Switch, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { type TissueRecord, apiFeatures } from '@sapwood/contracts';
import { PageTitle } from '../../components/layout/PageTitle';
import { useConfirm } from '../../components/ui/confirm';
import { PagedTable } from '../../components/ui/table/PagedTable';
import { notify, snack } from '../../lib/notify';
import { useEndpointMutation } from '../../lib/query';
import { TissueDialog } from './TissueDialog';

const ep = apiFeatures.tissues;

/** /carbohydratestissues: the organ types sampled at growth stages. */
export default function TissuesPage() {
  const confirm = useConfirm();
  const [editing, setEditing] = useState<TissueRecord | 'new' | null>(null);
  // a failed toggle or delete is reported by the mutation; either way the list shows what the server holds
  const toggleActive = useEndpointMutation(ep.tissueActive, { invalidates: [ep], onSuccess: () => notify.success(snack.updated('Tissue')) });
  const deleteTissue = useEndpointMutation(ep.delete, { invalidates: [ep], onSuccess: () => notify.success(snack.deleted('Tissue')) });

  const columns = useMemo<ColumnDef<TissueRecord, unknown>[]>(() => {
    const toggle = (t: TissueRecord, active: boolean) => toggleActive.mutate({ id: t.id, active });
    async function remove(t: TissueRecord) {
      if (!(await confirm(`Are you sure you want to delete ${t.name}?`, 'Delete tissue'))) return;
      deleteTissue.mutate({ id: t.id });
    }
    return [
      { id: 'name', header: 'Name', accessorKey: 'name' },
      {
        id: 'active', header: 'Active', size: 90,
        cell: ({ row }) => (
          <Switch
            checked={row.original.active}
            onChange={(e) => void toggle(row.original, e.currentTarget.checked)}
            aria-label={`Active ${row.original.name}`}
            data-testid={`tissue-active-${row.original.id}`}
          />
        ),
      },
      {
        id: 'actions', header: () => 'Actions', enableSorting: false, size: 90,
        cell: ({ row }) => (
          <Group gap={4} wrap="nowrap">
            <Tooltip label="Edit"><ActionIcon variant="subtle" aria-label={`Edit ${row.original.name}`} onClick={() => setEditing(row.original)} data-testid={`tissue-edit-${row.original.id}`}><IconPencil size={16} /></ActionIcon></Tooltip>
            <Tooltip label="Delete"><ActionIcon variant="subtle" color="red" aria-label={`Delete ${row.original.name}`} onClick={() => void remove(row.original)} data-testid={`tissue-delete-${row.original.id}`}><IconTrash size={16} /></ActionIcon></Tooltip>
          </Group>
        ),
      },
    ];
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [confirm]);

  return (
    <>
      <PageTitle />
      <PagedTable
        endpoint={ep.paged}
        columns={columns}
        rowId={(t) => t.id}
        testId="tissues-table"
        toolbar={<Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setEditing('new')} data-testid="tissue-add">Add</Button>}
      />
      {editing && (
        <TissueDialog
          tissue={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => setEditing(null)}
        />
      )}
    </>
  );
}
