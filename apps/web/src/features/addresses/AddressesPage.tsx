import { ActionIcon, Button, Group, Switch, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconX } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { type Address, apiFeatures } from '@sapwood/contracts';
import { PageTitle } from '../../components/layout/PageTitle';
import { useConfirm } from '../../components/ui/confirm';
import { PagedTable } from '../../components/ui/table/PagedTable';
import { notify, snack } from '../../lib/notify';
import { useEndpointMutation } from '../../lib/query';
import { reportError } from '../../lib/reportError';
import { AddressDialog } from './AddressDialog';

const ep = apiFeatures.addresses;
const text = (id: keyof Address, header: string): ColumnDef<Address, unknown> => ({ id, header, accessorKey: id });

/** /addresses: the company addresses printed on reports; exactly one is the default. */
export default function AddressesPage() {
  const confirm = useConfirm();
  const [editing, setEditing] = useState<Address | null | undefined>(undefined);
  // under the loading overlay, whose snack tells a failure
  const setDefault = useEndpointMutation(ep.setDefault, { invalidates: [ep], overlay: true, onSuccess: () => notify.success(snack.updated('Address')) });
  const deleteAddress = useEndpointMutation(ep.delete, {
    invalidates: [ep],
    onSuccess: () => notify.success(snack.deleted('Address')),
    onError: (err) => reportError(err, 'Something went wrong.'),
  });

  const makeDefault = (row: Address) => setDefault.mutate({ id: row.id });

  async function remove(row: Address) {
    if (!(await confirm('Are you sure you want to delete this row?'))) return;
    deleteAddress.mutate({ id: row.id });
  }

  const columns: ColumnDef<Address, unknown>[] = [
    text('name', 'Name'),
    text('addressLine', 'Address Line'),
    text('area', 'Area'),
    text('code', 'Code'),
    text('number', 'Number'),
    text('email', 'Email'),
    text('website', 'Website'),
    text('filePrefix', 'File prefix'),
    text('logoWord', 'Logo word'),
    {
      id: 'isDefault',
      header: 'Default',
      cell: ({ row }) => (
        <Tooltip label={row.original.isDefault ? 'The default address' : 'Make this the default address'}>
          <Switch
            checked={row.original.isDefault}
            onChange={() => { if (!row.original.isDefault) makeDefault(row.original); }}
            aria-label={`Default ${row.original.name}`}
            data-testid={`address-default-${row.original.id}`}
            size="sm"
          />
        </Tooltip>
      ),
    },
    {
      id: 'actions',
      header: 'Actions',
      enableSorting: false,
      cell: ({ row }) => (
        <Group gap={4} wrap="nowrap">
          <ActionIcon variant="subtle" onClick={() => setEditing(row.original)} aria-label={`Edit ${row.original.name}`} data-testid={`address-edit-${row.original.id}`}>
            <IconPencil size={16} />
          </ActionIcon>
          <Tooltip label={row.original.isDefault ? 'Make another address the default first' : 'Delete'}>
            <ActionIcon
              variant="subtle"
              color="red"
              disabled={row.original.isDefault}
              onClick={() => void remove(row.original)}
              aria-label={`Delete ${row.original.name}`}
              data-testid={`address-delete-${row.original.id}`}
            >
              <IconX size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
    },
  ];

  return (
    <>
      <PageTitle />
      <PagedTable
        endpoint={ep.paged}
        columns={columns}
        rowId={(r) => r.id}
        onRowDoubleClick={(r) => setEditing(r)}
        testId="addresses-table"
        toolbar={
          <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setEditing(null)} data-testid="address-add">
            Add
          </Button>
        }
      />
      <AddressDialog
        address={editing}
        onClose={() => setEditing(undefined)}
        onSaved={() => setEditing(undefined)}
      />
    </>
  );
}
