import { Stack, Switch, TextInput } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { type TissueRecord, TissueUpsert, apiFeatures } from '@sapwood/contracts';
import { useConfirm } from '../../components/ui/confirm';
import { ContractFormDialog } from '../../components/ui/FormDialog';
import { FormCheckbox } from '../../components/ui/form/FormFields';
import { actionsColumn, AddButton, deleteAction, editAction, ListPage, useEditing } from '../../components/ui/table/ListPage';
import { notify, snack } from '../../lib/notify';
import { useEndpointMutation } from '../../lib/query';
import { useContractForm } from '../../lib/useContractForm';

const ep = apiFeatures.tissues;

/**
 * /carbohydratestissues: the organ types sampled at growth stages. A plain list screen is this one file: the
 * list (ListPage) and its add/edit dialog (ContractFormDialog), which nothing else opens.
 */
export default function TissuesPage() {
  const confirm = useConfirm();
  const editor = useEditing<TissueRecord>();
  // a failed toggle or delete is reported by the mutation; either way the list shows what the server holds
  const toggleActive = useEndpointMutation(ep.tissueActive, { invalidates: [ep], onSuccess: () => notify.success(snack.updated('Tissue')) });
  const deleteTissue = useEndpointMutation(ep.delete, { invalidates: [ep], onSuccess: () => notify.success(snack.deleted('Tissue')) });

  const columns = useMemo<ColumnDef<TissueRecord, unknown>[]>(() => {
    async function remove(t: TissueRecord) {
      if (!(await confirm(`Are you sure you want to delete ${t.name}?`, 'Delete tissue'))) return;
      deleteTissue.mutate({ id: t.id });
    }
    return [
      { id: 'name', header: 'Name', accessorKey: 'name' },
      {
        id: 'active', header: 'Active', size: 90,
        cell: ({ row: { original: t } }) => (
          <Switch
            checked={t.active}
            onChange={(e) => toggleActive.mutate({ id: t.id, active: e.currentTarget.checked })}
            aria-label={`Active ${t.name}`}
            data-testid={`tissue-active-${t.id}`}
          />
        ),
      },
      actionsColumn<TissueRecord>([
        editAction(editor.edit, (t) => `tissue-edit-${t.id}`),
        deleteAction(remove, (t) => `tissue-delete-${t.id}`),
      ], { size: 90, iconSize: 16 }),
    ];
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [confirm]);

  return (
    <ListPage endpoint={ep.paged} columns={columns} testId="tissues-table" toolbar={<AddButton label="Add" text="Add" testId="tissue-add" onClick={editor.add} />}>
      {editor.dialog((tissue, close) => <TissueDialog tissue={tissue} onClose={close} onSaved={close} />)}
    </ListPage>
  );
}

/** Add or edit a tissue: Name ('Name required', the contract's message) and Active. */
export function TissueDialog(props: { tissue: TissueRecord | null; onClose: () => void; onSaved: () => void }) {
  const { tissue } = props;
  const form = useContractForm(TissueUpsert, {
    defaultValues: { id: tissue?.id ?? 0, name: tissue?.name ?? '', active: tissue?.active ?? true, rowVersion: tissue?.rowVersion },
    fields: ['name', 'active'],
  });
  const upsert = useEndpointMutation(ep.upsert, { invalidates: [ep], onError: false });
  const submit = () => form.submit((values) => upsert.mutateAsync(values), { success: snack.updated('Tissue'), onSaved: props.onSaved });

  return (
    <ContractFormDialog form={form} testId="tissue" onClose={props.onClose} title={tissue ? 'Edit tissue' : 'Add tissue'} size="sm" onSave={submit}>
      <Stack gap="sm">
        <TextInput label="Name" withAsterisk {...form.text('name')} data-autofocus data-testid="tissue-name" />
        <FormCheckbox control={form.control} name="active" label="Active" data-testid="tissue-active" />
      </Stack>
    </ContractFormDialog>
  );
}
