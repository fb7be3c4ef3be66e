import { Stack, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { type Distributor, DistributorUpsertFields, apiFeatures, distributorLogoUrl } from '@sapwood/contracts';
import { ContractFormDialog } from '../../components/ui/FormDialog';
import { useUploadMutation } from '../../lib/query';
import { useContractForm } from '../../lib/useContractForm';
import { LogoPicker, checkLogoFile } from './LogoPicker';
import { snack } from '../../lib/notify';

/** The dialog's fields: the name, and the logo (a file part the picker checks and the server checks again). */
const DistributorForm = DistributorUpsertFields.pick({ name: true, image: true });

export interface DistributorDialogProps {
  /** the distributor being edited, `null` for a new one; closed when undefined */
  distributor: Distributor | null | undefined;
  onClose: () => void;
  onSaved: () => void;
}

/** The 'Distributor' dialog: a name (required, the contract's message) and a logo dropped or browsed for. */
export function DistributorDialog({ distributor, onClose, onSaved }: DistributorDialogProps) {
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const opened = distributor !== undefined;
  const form = useContractForm(DistributorForm, { defaultValues: { name: '' }, fields: ['name', 'image'] });
  const upsert = useUploadMutation(apiFeatures.distributors.upsert, { invalidates: [apiFeatures.distributors], onError: false });
  const { reset } = form;

  useEffect(() => {
    if (!opened) return;
    reset({ name: distributor?.name ?? '' });
    setFile(null);
    setFileError(undefined);
  }, [opened, distributor, reset]);

  function choose(f: File) {
    const problem = checkLogoFile(f);
    form.clearErrors('image');
    setFileError(problem ?? undefined);
    if (!problem) setFile(f);
  }

  const submit = () => form.submit(async ({ name }) => {
    // a refused file stays refused until another is chosen
    if (fileError) return false;
    const body = new FormData();
    body.append('id', String(distributor?.id ?? ''));
    body.append('name', name);
    body.append('newImage', String(file !== null));
    if (distributor) body.append('rowVersion', String(distributor.rowVersion));
    if (file) body.append('image', file, file.name);
    return upsert.mutateAsync(body);
  }, { success: snack.updated('Distributor'), onSaved });

  return (
    // a chosen logo is unsaved work too
    <ContractFormDialog form={form} testId="distributor" alsoDirty={file !== null} opened={opened} onClose={onClose} title="Distributor" size={660} onSave={submit}>
      <Stack gap="sm">
        <TextInput label="Name" withAsterisk {...form.text('name')} data-autofocus data-testid="distributor-name" />
        <LogoPicker currentUrl={distributor ? distributorLogoUrl(distributor, 'full') : null} file={file} onFile={choose} error={fileError ?? form.errorOf('image')} />
      </Stack>
    </ContractFormDialog>
  );
}
