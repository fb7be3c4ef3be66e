import { Stack, TextInput } from '@mantine/core';
import { type TissueRecord, TissueUpsert, apiFeatures } from '@sapwood/contracts';
import { ContractFormDialog } from '../../components/ui/FormDialog';
import { FormCheckbox } from '../../components/ui/form/FormFields';
import { useEndpointMutation } from '../../lib/query';
import { useContractForm } from '../../lib/useContractForm';
import { snack } from '../../lib/notify';

const ep = apiFeatures.tissues;

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
