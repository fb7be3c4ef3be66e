import { Image, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { type Distributor, apiFeatures, distributorLogoUrl } from '@sapwood/contracts';
import { useConfirm } from '../../components/ui/confirm';
import { actionsColumn, deleteAction, editAction, ListPage, useEditing } from '../../components/ui/table/ListPage';
import { notify, snack } from '../../lib/notify';
import { useEndpointMutation } from '../../lib/query';
import { reportError } from '../../lib/reportError';
import { DistributorDialog } from './DistributorDialog';

/** /distributors: name and logo of each distributor printed on reports. */
export default function DistributorsPage() {
  const confirm = useConfirm();
  const editor = useEditing<Distributor>();
  const deleteDistributor = useEndpointMutation(apiFeatures.distributors.delete, {
    invalidates: [apiFeatures.distributors],
    onSuccess: () => notify.success(snack.deleted('Distributor')),
    onError: (err) => reportError(err, 'Something went wrong.'),
  });

  async function remove(row: Distributor) {
    if (!(await confirm('Are you sure you want to delete this row?'))) return;
    deleteDistributor.mutate({ id: row.id });
  }

  const columns: ColumnDef<Distributor, unknown>[] = [
    { id: 'name', header: 'Name', accessorKey: 'name' },
    {
      id: 'logo',
      header: 'Logo',
      enableSorting: false,
      cell: ({ row }) => {
        const url = distributorLogoUrl(row.original);
        return url
          ? <Image src={url} alt={`${row.original.name} logo`} h={28} w="auto" fit="contain" data-testid={`distributor-logo-${row.original.id}`} />
          : <Text size="xs" c="dimmed">No logo</Text>;
      },
    },
    actionsColumn<Distributor>([
      editAction(editor.edit, (d) => `distributor-edit-${d.id}`),
      deleteAction(remove, (d) => `distributor-delete-${d.id}`, IconX),
    ], { size: 90, iconSize: 16 }),
  ];

  return (
    <ListPage
      endpoint={apiFeatures.distributors.paged}
      columns={columns}
      testId="distributors-table"
      editor={editor}
      add={{ label: 'Add', text: 'Add', testId: 'distributor-add' }}
    >
      <DistributorDialog distributor={editor.current} onClose={editor.close} onSaved={editor.close} />
    </ListPage>
  );
}
