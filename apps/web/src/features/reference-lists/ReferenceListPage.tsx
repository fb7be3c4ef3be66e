import { ActionIcon, Button, Group, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconX } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import type { ReferenceListItem } from '@sapwood/contracts';
import { PageTitle } from '../../components/layout/PageTitle';
import { ReassignDialog } from '../../components/ui/ReassignDialog';
import { PagedTable } from '../../components/ui/table/PagedTable';
import { useEndpointQuery } from '../../lib/query';
import { ReferenceItemDialog } from './ReferenceItemDialog';
import type { ReferenceListEndpoints, ReferenceListNames } from './types';

type Editing = { item: ReferenceListItem | null } | null;

/** /agent and /depot: the paged list (Name, Originate, actions), Add, edit, and delete with reassignment. */
export function ReferenceListPage({ endpoints, names }: { endpoints: ReferenceListEndpoints; names: ReferenceListNames }) {
  const [editing, setEditing] = useState<Editing>(null);
  const [archiving, setArchiving] = useState<ReferenceListItem | null>(null);

  // a pick list of the others (the item going away left out)
  const choices = useEndpointQuery(endpoints.index, {}, { enabled: archiving !== null });

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
          onSaved={() => setEditing(null)}
        />
      )}
      {archiving && (
        <ReassignDialog
          endpoint={endpoints.archive}
          id={archiving.id}
          // the whole feature: its list and every pick list of it (the lab job card's agents)
          invalidates={[endpoints]}
          title={`Assign ${archiving.name} to New ${names.title}`}
          note={`${archiving.name} is removed from the list; everything that names it will name the ${names.noun} chosen here.`}
          label={`New ${names.title}`}
          placeholder={`Choose a ${names.noun}`}
          options={(choices.data ?? []).filter((c) => c.id !== archiving.id).map((c) => ({ value: String(c.id), label: c.name }))}
          onClose={() => setArchiving(null)}
          onDone={() => setArchiving(null)}
        />
      )}
    </>
  );
}
