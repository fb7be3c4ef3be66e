import { Button, Checkbox, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { type TissueRecord, TissueUpsert, apiFeatures } from '@sapwood/contracts';
import { AppDialog } from '../../components/ui/AppDialog';
import { call } from '../../lib/api';
import { useFormSubmit } from '../../lib/validation';

/** Add or edit a tissue: Name ('Name required') and Active. */
export function TissueDialog(props: { tissue: TissueRecord | null; onClose: () => void; onSaved: () => void }) {
  const { tissue } = props;
  const [name, setName] = useState(tissue?.name ?? '');
  const [active, setActive] = useState(tissue?.active ?? true);
  const input = { id: tissue?.id ?? 0, name, active, rowVersion: tissue?.rowVersion };
  const { errors, submit: save } = useFormSubmit(TissueUpsert, input, async () => {
    await call(apiFeatures.tissues.upsert, input);
    props.onSaved();
  });

  return (
    <AppDialog
      opened
      onClose={props.onClose}
      title={tissue ? 'Edit tissue' : 'Add tissue'}
      size="sm"
      data-testid="tissue-dialog"
      actions={
        <>
          <Button variant="default" onClick={props.onClose}>Cancel</Button>
          <Button onClick={save} data-testid="tissue-save">Save</Button>
        </>
      }
    >
      <form onSubmit={(e) => { e.preventDefault(); void save(); }}>
        <Stack gap="sm">
          <TextInput label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} error={errors.name} data-autofocus data-testid="tissue-name" />
          <Checkbox label="Active" checked={active} onChange={(e) => setActive(e.currentTarget.checked)} data-testid="tissue-active" />
        </Stack>
      </form>
    </AppDialog>
  );
}
