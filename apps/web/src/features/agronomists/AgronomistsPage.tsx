import { IconX } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { type AgronomistRow, apiFeatures } from '@sapwood/contracts';
import { ReassignDialog } from '../../components/ui/ReassignDialog';
import { actionsColumn, AddButton, deleteAction, editAction, ListPage, useEditing } from '../../components/ui/table/ListPage';
import { useEndpointQuery } from '../../lib/query';
import { AgronomistDialog } from './AgronomistDialog';

const ep = apiFeatures.agronomists;

/** /agronomist: a paged list with add, edit and the delete 'x' that reassigns. */
export default function AgronomistsPage() {
  const editor = useEditing<AgronomistRow>();
  const [archiving, setArchiving] = useState<AgronomistRow | null>(null);
  // the agronomists that may take over (asked for while the reassign dialog is open)
  const others = useEndpointQuery(ep.index, {}, { enabled: archiving !== null });

  const columns = useMemo<ColumnDef<AgronomistRow, unknown>[]>(() => [
    { id: 'name', header: 'Name', cell: ({ row }) => row.original.name },
    { id: 'originate', header: 'Originate', size: 140, cell: ({ row }) => row.original.originate },
    actionsColumn<AgronomistRow>([
      editAction(editor.edit, 'agronomist-edit'),
      deleteAction<AgronomistRow>(setArchiving, 'agronomist-delete', IconX),
    ]),
  ], [editor.edit]);

  return (
    <ListPage endpoint={ep.paged} columns={columns} testId="agronomists-table" toolbar={<AddButton label="Add agronomist" testId="agronomist-add" onClick={editor.add} />}>
      {editor.dialog((agronomist, close) => <AgronomistDialog agronomist={agronomist} onClose={close} onSaved={close} />)}
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
    </ListPage>
  );
}
