import { Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { AGRONOMIST_MESSAGES, AGRONOMIST_ORIGINATES, type AgronomistRow, apiFeatures } from '@sapwood/contracts';
import { FormDialog } from '../../components/ui/FormDialog';
import { call } from '../../lib/api';
import { useFormSave } from '../../lib/useFormSave';

/** Adds or edits an agronomist: name and origin (International by default). Saves with 'insert' or 'update'. */
export function AgronomistDialog({ agronomist, onClose, onSaved }: { agronomist: AgronomistRow | null; onClose: () => void; onSaved: () => void }) {
  const [name, setName] = useState(agronomist?.name ?? '');
  const [originate, setOriginate] = useState<AgronomistRow['originate']>(agronomist?.originate ?? 'International');
  const { busy, errors, textField, save } = useFormSave({
    check: name.trim() === '' ? { name: AGRONOMIST_MESSAGES.nameRequired } : {},
    inForm: ['name', 'originate'],
  });

  const submit = () => save(
    () => call(apiFeatures.agronomists.upsert, { id: agronomist?.id ?? 0, name: name.trim(), originate, rowVersion: agronomist?.rowVersion }),
    { success: 'success', onSaved },
  );

  return (
    <FormDialog
      opened
      onClose={onClose}
      title="Agronomist"
      data-testid="agronomist-dialog"
      onSave={submit}
      busy={busy}
      saveLabel={agronomist ? 'update' : 'insert'}
      saveTestId="agronomist-save"
    >
      <Stack gap="xs">
        <TextInput label="Name" withAsterisk {...textField('name', name, setName)} data-testid="agronomist-name" data-autofocus />
        <Select
          label="Originate"
          data={[...AGRONOMIST_ORIGINATES]}
          value={originate}
          onChange={(v) => v && setOriginate(v as AgronomistRow['originate'])}
          allowDeselect={false}
          error={errors.originate}
          data-testid="agronomist-originate"
        />
      </Stack>
    </FormDialog>
  );
}
