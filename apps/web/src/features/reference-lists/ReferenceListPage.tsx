import { ActionIcon, Button, Group, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import type { ReferenceListItem } from '@sapwood/contracts';
import { PageTitle } from '../../components/layout/PageTitle';
import { PagedTable } from '../../components/ui/table/PagedTable';
import { ReassignDialog } from './ReassignDialog';
import { ReferenceItemDialog } from './ReferenceItemDialog';
import type { ReferenceListEndpoints, ReferenceListNames } from './types';

type Editing = { item: ReferenceListItem | null } | null;

/** /agent and /depot: the paged list (Name, Originate, actions), Add, edit, and delete with reassignment. */
export function ReferenceListPage({ endpoints, names }: { endpoints: ReferenceListEndpoints; names: ReferenceListNames }) {
  const qc = useQueryClient();
  const [editing, setEditing] = useState<Editing>(null);
  const [archiving, setArchiving] = useState<ReferenceListItem | null>(null);

  const refresh = () => {
    void qc.invalidateQueries({ queryKey: [endpoints.paged.path] });
    void qc.invalidateQueries({ queryKey: [endpoints.index.path] });
  };

  const columns = useMemo<ColumnDef<ReferenceListItem, unknown>[]>(() => [
    { id: 'name', header: 'Name', accessorKey: 'name' },
    { id: 'originate', header: 'Originate', accessorKey: 'originate', size: 160 },
    {
      id: 'actions', header: 'Actions', enableSorting: false, size: 90,
      cell: ({ row }) => (
        <Group gap={4} wrap="nowrap">
          <Tooltip label="Edit">
            <ActionIcon variant="subtle" size="sm" aria-label={`Edit ${row.original.name}`} onClick={() => setEditing({ item: row.original })} data-testid="row-edit">
              <IconPencil size={15} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Delete">
            <ActionIcon variant="subtle" color="red" size="sm" aria-label={`Delete ${row.original.name}`} onClick={() => setArchiving(row.original)} data-testid="row-delete">
              <IconX size={15} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
    },
  ], []);

  return (
    <>
      <PageTitle />
      <PagedTable
        endpoint={endpoints.paged}
        columns={columns}
        rowId={(r) => r.id}
        onRowDoubleClick={(r) => setEditing({ item: r })}
        testId={`${names.noun}-table`}
        toolbar={
          <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setEditing({ item: null })} data-testid="add-item">
            Add
          </Button>
        }
      />
      {editing && (
        <ReferenceItemDialog
          endpoints={endpoints}
          names={names}
          item={editing.item}
          onClose={() => setEditing(null)}
          onSaved={() => { setEditing(null); refresh(); }}
        />
      )}
      {archiving && (
        <ReassignDialog
          endpoints={endpoints}
          names={names}
          item={archiving}
          onClose={() => setArchiving(null)}
          onDone={() => { setArchiving(null); refresh(); }}
        />
      )}
    </>
  );
}
