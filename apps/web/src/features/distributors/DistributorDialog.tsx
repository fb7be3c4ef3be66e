import { Stack, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { type Distributor, apiFeatures, distributorLogoUrl } from '@sapwood/contracts';
import { FormDialog } from '../../components/ui/FormDialog';
import { callMultipart } from '../../lib/api';
import { useFormSave } from '../../lib/useFormSave';
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
  const [fileError, setFileError] = useState<string | undefined>();
  const opened = distributor !== undefined;
  const check = { ...(name.trim() ? {} : { name: 'Name required' }), ...(fileError ? { image: fileError } : {}) };
  const { busy, errors, clearServerError, textField, reset, save } = useFormSave({ check, inForm: ['name', 'image'] });

  useEffect(() => {
    if (!opened) return;
    setName(distributor?.name ?? '');
    setFile(null);
    setFileError(undefined);
    reset();
  }, [opened, distributor, reset]);

  function choose(f: File) {
    const problem = checkLogoFile(f);
    clearServerError('image');
    setFileError(problem ?? undefined);
    if (!problem) setFile(f);
  }

  function submit() {
    const form = new FormData();
    form.append('id', String(distributor?.id ?? ''));
    form.append('name', name);
    form.append('newImage', String(file !== null));
    if (distributor) form.append('rowVersion', String(distributor.rowVersion));
    if (file) form.append('image', file, file.name);
    return save(() => callMultipart(apiFeatures.distributors.upsert, form), { success: 'Distributor updated', onSaved });
  }

  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title="Distributor"
      size={660}
      data-testid="distributor-dialog"
      onSave={submit}
      busy={busy}
      saveTestId="distributor-save"
    >
      <Stack gap="sm">
        <TextInput label="Name" withAsterisk {...textField('name', name, setName)} data-autofocus data-testid="distributor-name" />
        <LogoPicker currentUrl={distributor ? distributorLogoUrl(distributor, 'full') : null} file={file} onFile={choose} error={fileError ?? errors.image} />
      </Stack>
    </FormDialog>
  );
}
