import { ActionIcon, Button, Group, Switch, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { type TissueRecord, apiFeatures } from '@sapwood/contracts';
import { PageTitle } from '../../components/layout/PageTitle';
import { useConfirm } from '../../components/ui/confirm';
import { PagedTable } from '../../components/ui/table/PagedTable';
import { call } from '../../lib/api';
import { notify } from '../../lib/notify';
import { errorMessage } from '../../lib/formErrors';
import { TissueDialog } from './TissueDialog';

const ep = apiFeatures.tissues;

/** /carbohydratestissues: the organ types sampled at growth stages. */
export default function TissuesPage() {
  const qc = useQueryClient();
  const confirm = useConfirm();
  const [editing, setEditing] = useState<TissueRecord | 'new' | null>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: [ep.paged.path] });

  const columns = useMemo<ColumnDef<TissueRecord, unknown>[]>(() => {
    async function toggle(t: TissueRecord, active: boolean) {
      try {
        await call(ep.tissueActive, { id: t.id, active });
        notify.success('success');
      } catch (err) {
        notify.error(errorMessage(err));
      }
      await refresh();
    }
    async function remove(t: TissueRecord) {
      if (!(await confirm(`Are you sure you want to delete ${t.name}?`, 'Delete tissue'))) return;
      try {
        await call(ep.delete, { id: t.id });
        notify.success('success');
      } catch (err) {
        notify.error(errorMessage(err));
      }
      await refresh();
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
          onSaved={() => { setEditing(null); void refresh(); }}
        />
      )}
    </>
  );
}
