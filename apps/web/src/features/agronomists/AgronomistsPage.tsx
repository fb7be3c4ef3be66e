import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconX } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { type AgronomistRow, apiFeatures } from '@sapwood/contracts';
import { PageTitle } from '../../components/layout/PageTitle';
import { ReassignDialog } from '../../components/ui/ReassignDialog';
import { PagedTable } from '../../components/ui/table/PagedTable';
import { useEndpointQuery } from '../../lib/query';
import { AgronomistDialog } from './AgronomistDialog';

const ep = apiFeatures.agronomists;

/** /agronomist: a paged list with add, edit and the delete 'x' that reassigns. */
export default function AgronomistsPage() {
  const [editing, setEditing] = useState<AgronomistRow | 'new' | null>(null);
  const [archiving, setArchiving] = useState<AgronomistRow | null>(null);
  // the agronomists that may take over (asked for while the reassign dialog is open)
  const others = useEndpointQuery(ep.index, {}, { enabled: archiving !== null });

  const columns = useMemo<ColumnDef<AgronomistRow, unknown>[]>(() => [
    { id: 'name', header: 'Name', cell: ({ row }) => row.original.name },
    { id: 'originate', header: 'Originate', size: 140, cell: ({ row }) => row.original.originate },
    {
      id: 'actions', header: () => 'Actions', enableSorting: false, size: 100,
      cell: ({ row: { original: a } }) => (
        <Group gap={2} wrap="nowrap">
          <Tooltip label="Edit"><ActionIcon variant="subtle" aria-label={`Edit ${a.name}`} onClick={() => setEditing(a)} data-testid="agronomist-edit"><IconPencil size={15} /></ActionIcon></Tooltip>
          <Tooltip label="Delete"><ActionIcon variant="subtle" color="red" aria-label={`Delete ${a.name}`} onClick={() => setArchiving(a)} data-testid="agronomist-delete"><IconX size={15} /></ActionIcon></Tooltip>
        </Group>
      ),
    },
  ], []);

  return (
    <>
      <PageTitle />
      <PagedTable
        endpoint={ep.paged}
        columns={columns}
        rowId={(a: AgronomistRow) => a.id}
        testId="agronomists-table"
        toolbar={
          <Tooltip label="Add agronomist">
            <ActionIcon onClick={() => setEditing('new')} aria-label="Add agronomist" data-testid="agronomist-add"><IconPlus size={16} /></ActionIcon>
          </Tooltip>
        }
      />
      {editing && (
        <AgronomistDialog
          agronomist={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => setEditing(null)}
        />
      )}
      {archiving && (
        <ReassignDialog
          endpoint={ep.archive}
          id={archiving.id}
          // its users move to the chosen agronomist too
          invalidates={[ep, apiFeatures.users]}
          title={`Assign ${archiving.name} to New Agronomist`}
          note={`Users, entries and samples of ${archiving.name} move to the chosen agronomist, and ${archiving.name} is archived.`}
          label="Agronomist"
          placeholder="Select an agronomist"
          options={(others.data ?? []).filter((a) => a.id !== archiving.id).map((a) => ({ value: String(a.id), label: a.name }))}
          onClose={() => setArchiving(null)}
          onDone={() => setArchiving(null)}
        />
      )}
    </>
  );
}
