import { Checkbox, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { type TissueRecord, TissueUpsert, apiFeatures } from '@sapwood/contracts';
import { FormDialog } from '../../components/ui/FormDialog';
import { call } from '../../lib/api';
import { fieldErrors } from '../../lib/formErrors';
import { useFormSave } from '../../lib/useFormSave';

/** Add or edit a tissue: Name ('Name required') and Active. */
export function TissueDialog(props: { tissue: TissueRecord | null; onClose: () => void; onSaved: () => void }) {
  const { tissue } = props;
  const [name, setName] = useState(tissue?.name ?? '');
  const [active, setActive] = useState(tissue?.active ?? true);
  const input = { id: tissue?.id ?? 0, name, active, rowVersion: tissue?.rowVersion };
  const { busy, textField, save } = useFormSave({ check: fieldErrors(TissueUpsert, input), inForm: ['name'] });
  const submit = () => save(() => call(apiFeatures.tissues.upsert, input), { success: 'success', onSaved: props.onSaved });

  return (
    <FormDialog
      opened
      onClose={props.onClose}
      title={tissue ? 'Edit tissue' : 'Add tissue'}
      size="sm"
      data-testid="tissue-dialog"
      onSave={submit}
      busy={busy}
      saveTestId="tissue-save"
    >
      <Stack gap="sm">
        <TextInput label="Name" withAsterisk {...textField('name', name, setName)} data-autofocus data-testid="tissue-name" />
        <Checkbox label="Active" checked={active} onChange={(e) => setActive(e.currentTarget.checked)} data-testid="tissue-active" />
      </Stack>
    </FormDialog>
  );
}
