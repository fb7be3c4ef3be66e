import { Switch, Tooltip } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { type Address, apiFeatures } from '@sapwood/contracts';
import { useConfirm } from '../../components/ui/confirm';
import { actionsColumn, editAction, ListPage, useEditing } from '../../components/ui/table/ListPage';
import { notify, snack } from '../../lib/notify';
import { useEndpointMutation } from '../../lib/query';
import { reportError } from '../../lib/reportError';
import { AddressDialog } from './AddressDialog';

const ep = apiFeatures.addresses;
const text = (id: keyof Address, header: string): ColumnDef<Address, unknown> => ({ id, header, accessorKey: id });

/** /addresses: the company addresses printed on reports; exactly one is the default. */
export default function AddressesPage() {
  const confirm = useConfirm();
  const editor = useEditing<Address>();
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
    actionsColumn<Address>([
      editAction(editor.edit, (a) => `address-edit-${a.id}`),
      {
        label: (a) => (a.isDefault ? 'Make another address the default first' : 'Delete'), icon: IconX, color: 'red', disabled: (a) => a.isDefault,
        name: (a) => `Delete ${a.name}`, onClick: remove, testId: (a) => `address-delete-${a.id}`,
      },
    ], { iconSize: 16 }),
  ];

  return (
    <ListPage
      endpoint={ep.paged}
      columns={columns}
      testId="addresses-table"
      editor={editor}
      add={{ label: 'Add', text: 'Add', testId: 'address-add' }}
    >
      <AddressDialog address={editor.current} onClose={editor.close} onSaved={editor.close} />
    </ListPage>
  );
}
