import { Button, Select, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { AGRONOMIST_MESSAGES, AGRONOMIST_ORIGINATES, type AgronomistRow, apiFeatures } from '@sapwood/contracts';
import { AppDialog } from '../../components/ui/AppDialog';
import { call } from '../../lib/api';
import { useFormSave } from '../../lib/useFormSave';

/** Adds or edits an agronomist: name and origin (International by default). Saves with 'insert' or 'update'. */
export function AgronomistDialog({ agronomist, onClose, onSaved }: { agronomist: AgronomistRow | null; onClose: () => void; onSaved: () => void }) {
  const [name, setName] = useState(agronomist?.name ?? '');
  const [originate, setOriginate] = useState<AgronomistRow['originate']>(agronomist?.originate ?? 'International');
  const [submitted, setSubmitted] = useState(false);
  const { busy, serverErrors, clearServerError, save } = useFormSave();
  const nameError = serverErrors.name ?? (submitted && name.trim() === '' ? AGRONOMIST_MESSAGES.nameRequired : undefined);

  async function submit(e?: FormEvent) {
    e?.preventDefault();
    setSubmitted(true);
    if (name.trim() === '') return;
    await save(
      () => call(apiFeatures.agronomists.upsert, { id: agronomist?.id ?? 0, name: name.trim(), originate, rowVersion: agronomist?.rowVersion }),
      { success: 'success', onSaved, inForm: ['name'] },
    );
  }

  return (
    <AppDialog
      opened
      onClose={onClose}
      title="Agronomist"
      data-testid="agronomist-dialog"
      actions={
        <>
          <Button variant="default" onClick={onClose}>Cancel</Button>
          <Button onClick={() => void submit()} loading={busy} data-testid="agronomist-save">{agronomist ? 'update' : 'insert'}</Button>
        </>
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="xs">
          <TextInput
            label="Name"
            value={name}
            onChange={(e) => {
              setName(e.currentTarget.value);
              clearServerError('name');
            }}
            error={nameError}
            data-testid="agronomist-name"
            data-autofocus
          />
          <Select
            label="Originate"
            data={[...AGRONOMIST_ORIGINATES]}
            value={originate}
            onChange={(v) => v && setOriginate(v as AgronomistRow['originate'])}
            allowDeselect={false}
            data-testid="agronomist-originate"
          />
          <button type="submit" hidden />
        </Stack>
      </form>
    </AppDialog>
  );
}
