import { Button, Stack, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { type Distributor, apiFeatures, distributorLogoUrl } from '@sapwood/contracts';
import { AppDialog } from '../../components/ui/AppDialog';
import { ApiError, callMultipart } from '../../lib/api';
import { notify } from '../../lib/notify';
import { LogoPicker, checkLogoFile } from './LogoPicker';

export interface DistributorDialogProps {
  /** the distributor being edited, `null` for a new one; closed when undefined */
  distributor: Distributor | null | undefined;
  onClose: () => void;
  onSaved: () => void;
}

/** The 'Distributor' dialog: a name (required) and a logo dropped or browsed for. */
export function DistributorDialog({ distributor, onClose, onSaved }: DistributorDialogProps) {
  const [name, setName] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [server, setServer] = useState<{ name?: string; image?: string }>({});
  const [fileError, setFileError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const opened = distributor !== undefined;

  useEffect(() => {
    if (!opened) return;
    setName(distributor?.name ?? '');
    setFile(null);
    setSubmitted(false);
    setServer({});
    setFileError(undefined);
  }, [opened, distributor]);

  const nameError = submitted && !name.trim() ? 'Name required' : server.name;
  const imageError = fileError ?? server.image;

  function choose(f: File) {
    const problem = checkLogoFile(f);
    setServer((s) => ({ ...s, image: undefined }));
    setFileError(problem ?? undefined);
    if (!problem) setFile(f);
  }

  async function save() {
    setSubmitted(true);
    if (!name.trim() || fileError) return;
    const form = new FormData();
    form.append('id', String(distributor?.id ?? ''));
    form.append('name', name);
    form.append('newImage', String(file !== null));
    if (distributor) form.append('rowVersion', String(distributor.rowVersion));
    if (file) form.append('image', file, file.name);
    setSaving(true);
    try {
      await callMultipart(apiFeatures.distributors.upsert, form);
      notify.success('Distributor updated');
      onSaved();
    } catch (err) {
      const fields = err instanceof ApiError ? err.body?.fields : undefined;
      if (fields) setServer({ name: err instanceof ApiError ? err.fieldMessage('name') : undefined, image: err instanceof ApiError ? err.fieldMessage('image') : undefined });
      else notify.error(err instanceof ApiError ? err.message : 'Something went wrong.');
    } finally {
      setSaving(false);
    }
  }

  return (
    <AppDialog
      opened={opened}
      onClose={onClose}
      title="Distributor"
      size={660}
      data-testid="distributor-dialog"
      actions={
        <>
          <Button variant="default" onClick={onClose}>Cancel</Button>
          <Button onClick={() => void save()} loading={saving} data-testid="distributor-save">Save</Button>
        </>
      }
    >
      <form onSubmit={(e) => { e.preventDefault(); void save(); }}>
        <Stack gap="sm">
          <TextInput
            label="Name"
            withAsterisk
            value={name}
            onChange={(e) => { setName(e.currentTarget.value); setServer((s) => ({ ...s, name: undefined })); }}
            error={nameError}
            data-autofocus
            data-testid="distributor-name"
          />
          <LogoPicker currentUrl={distributor ? distributorLogoUrl(distributor, 'full') : null} file={file} onFile={choose} error={imageError} />
        </Stack>
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </form>
    </AppDialog>
  );
}
