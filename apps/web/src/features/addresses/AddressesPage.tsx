import { ActionIcon, Button, Group, Switch, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { type Address, apiFeatures } from '@sapwood/contracts';
import { PageTitle } from '../../components/layout/PageTitle';
import { useConfirm } from '../../components/ui/confirm';
import { PagedTable } from '../../components/ui/table/PagedTable';
import { ApiError, call } from '../../lib/api';
import { notify } from '../../lib/notify';
import { AddressDialog } from './AddressDialog';

const text = (id: keyof Address, header: string): ColumnDef<Address, unknown> => ({ id, header, accessorKey: id });

/** /addresses: the company addresses printed on reports; exactly one is the default. */
export default function AddressesPage() {
  const qc = useQueryClient();
  const confirm = useConfirm();
  const [editing, setEditing] = useState<Address | null | undefined>(undefined);
  const refresh = () => qc.invalidateQueries({ queryKey: [apiFeatures.addresses.paged.path] });

  async function makeDefault(row: Address) {
    try {
      await call(apiFeatures.addresses.setDefault, { id: row.id }, { overlay: true });
      notify.success('Address updated');
    } finally {
      await refresh();
    }
  }

  async function remove(row: Address) {
    if (!(await confirm('Are you sure you want to delete this row?'))) return;
    try {
      await call(apiFeatures.addresses.delete, { id: row.id });
      notify.success('Address deleted');
    } catch (err) {
      notify.error(err instanceof ApiError ? err.message : 'Something went wrong.');
    }
    await refresh();
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
            onChange={() => { if (!row.original.isDefault) void makeDefault(row.original).catch(() => undefined); }}
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
      <PagedTable<Address>
        endpoint={apiFeatures.addresses.paged}
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
        onSaved={() => { setEditing(undefined); void refresh(); }}
      />
    </>
  );
}
