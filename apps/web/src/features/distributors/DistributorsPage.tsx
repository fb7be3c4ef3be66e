import { ActionIcon, Button, Group, Image, Text } from '@mantine/core';
import { IconPencil, IconPlus, IconX } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { type Distributor, apiFeatures, distributorLogoUrl } from '@sapwood/contracts';
import { PageTitle } from '../../components/layout/PageTitle';
import { useConfirm } from '../../components/ui/confirm';
import { PagedTable } from '../../components/ui/table/PagedTable';
import { notify, snack } from '../../lib/notify';
import { useEndpointMutation } from '../../lib/query';
import { reportError } from '../../lib/reportError';
import { DistributorDialog } from './DistributorDialog';

/** /distributors: name and logo of each distributor printed on reports. */
export default function DistributorsPage() {
  const confirm = useConfirm();
  const [editing, setEditing] = useState<Distributor | null | undefined>(undefined);
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
    {
      id: 'actions',
      header: 'Actions',
      enableSorting: false,
      size: 90,
      cell: ({ row }) => (
        <Group gap={4} wrap="nowrap">
          <ActionIcon variant="subtle" onClick={() => setEditing(row.original)} aria-label={`Edit ${row.original.name}`} data-testid={`distributor-edit-${row.original.id}`}>
            <IconPencil size={16} />
          </ActionIcon>
          <ActionIcon variant="subtle" color="red" onClick={() => void remove(row.original)} aria-label={`Delete ${row.original.name}`} data-testid={`distributor-delete-${row.original.id}`}>
            <IconX size={16} />
          </ActionIcon>
        </Group>
      ),
    },
  ];

  return (
    <>
      <PageTitle />
      <PagedTable
        endpoint={apiFeatures.distributors.paged}
        columns={columns}
        rowId={(r) => r.id}
        onRowDoubleClick={(r) => setEditing(r)}
        testId="distributors-table"
        toolbar={
          <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setEditing(null)} data-testid="distributor-add">
            Add
          </Button>
        }
      />
      <DistributorDialog
        distributor={editing}
        onClose={() => setEditing(undefined)}
        onSaved={() => setEditing(undefined)}
      />
    </>
  );
}
