import { Stack, TextInput } from '@mantine/core';
import { apiFeatures } from '@sapwood/contracts';
import { ContractFormDialog } from '../../components/ui/FormDialog';
import { FormCheckbox } from '../../components/ui/form/FormFields';
import { useText } from '../../lib/i18n';
import { useEndpointMutation } from '../../lib/query';
import { useContractForm, useStartOver } from '../../lib/useContractForm';
import { KEYS_CHANGED } from './useLanguageData';
import { snack } from '../../lib/notify';

const ep = apiFeatures.languages;
const EMPTY = { key: '', frontend: false };

/** Add key: a non-empty, unique key ('Unique key required', the contract's and the server's) and whether the web app shows it (frontend). */
export function AddKeyDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const t = useText();
  const form = useContractForm(ep.addNewKey.input, { defaultValues: EMPTY, fields: ['key', 'frontend'] });
  const addKey = useEndpointMutation(ep.addNewKey, { invalidates: KEYS_CHANGED, onError: false });
  useStartOver(form, opened, () => EMPTY);

  const submit = () => form.submit((values) => addKey.mutateAsync(values), { success: snack.added('Key'), onSaved: onClose });

  return (
    <ContractFormDialog
      form={form}
      testId="key"
      opened={opened}
      onClose={onClose}
      title={t('languages.addKey', 'Add key')}
      size="sm"
      onSave={submit}
    >
      <Stack gap="sm">
        <TextInput label={t('languages.key', 'Key')} withAsterisk {...form.text('key')} data-autofocus data-testid="key-name" />
        <FormCheckbox control={form.control} name="frontend" label={t('languages.frontend', 'Frontend')} data-testid="key-frontend" />
      </Stack>
    </ContractFormDialog>
  );
}
