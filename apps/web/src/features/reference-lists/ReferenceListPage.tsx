import { IconX } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import type { ReferenceListItem } from '@sapwood/contracts';
import { ReassignDialog } from '../../components/ui/ReassignDialog';
import { actionsColumn, AddButton, deleteAction, editAction, ListPage, useEditing } from '../../components/ui/table/ListPage';
import { useEndpointQuery } from '../../lib/query';
import { ReferenceItemDialog } from './ReferenceItemDialog';
import type { ReferenceListEndpoints, ReferenceListNames } from './types';

/** /agent and /depot: the paged list (Name, Originate, actions), Add, edit, and delete with reassignment. */
export function ReferenceListPage({ endpoints, names }: { endpoints: ReferenceListEndpoints; names: ReferenceListNames }) {
  const editor = useEditing<ReferenceListItem>();
  const [archiving, setArchiving] = useState<ReferenceListItem | null>(null);

  // a pick list of the others (the item going away left out)
  const choices = useEndpointQuery(endpoints.index, {}, { enabled: archiving !== null });

  const columns = useMemo<ColumnDef<ReferenceListItem, unknown>[]>(() => [
    { id: 'name', header: 'Name', accessorKey: 'name' },
    { id: 'originate', header: 'Originate', accessorKey: 'originate', size: 160 },
    actionsColumn<ReferenceListItem>([
      editAction(editor.edit, 'row-edit'),
      deleteAction<ReferenceListItem>(setArchiving, 'row-delete', IconX),
    ], { size: 90 }),
  ], [editor.edit]);

  return (
    <ListPage
      endpoint={endpoints.paged}
      columns={columns}
      onRowDoubleClick={editor.edit}
      testId={`${names.noun}-table`}
      toolbar={<AddButton label="Add" text="Add" onClick={editor.add} testId="add-item" />}
    >
      {editor.dialog((item, close) => <ReferenceItemDialog endpoints={endpoints} names={names} item={item} onClose={close} onSaved={close} />)}
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
    </ListPage>
  );
}
