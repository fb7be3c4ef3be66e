import { TextInput } from '@mantine/core';
import { type LanguageRow, apiFeatures } from '@sapwood/contracts';
import { ContractFormDialog } from '../../components/ui/FormDialog';
import { useText } from '../../lib/i18n';
import { useEndpointMutation } from '../../lib/query';
import { useContractForm, useStartOver } from '../../lib/useContractForm';
import { LANGUAGES_CHANGED } from './useLanguageData';
import { snack } from '../../lib/notify';

const ep = apiFeatures.languages;

/** Add Language (no row) or Edit (a row): the name is required and unique ('Unique name required', the contract's and the server's). */
export function LanguageDialog({ opened, row, onClose }: { opened: boolean; row: LanguageRow | null; onClose: () => void }) {
  const t = useText();
  const form = useContractForm(ep.upsertLanguage.input, { defaultValues: { id: null, name: '' }, fields: ['name'] });
  const upsert = useEndpointMutation(ep.upsertLanguage, { invalidates: LANGUAGES_CHANGED, onError: false });
  useStartOver(form, opened, () => ({ id: row?.id ?? null, name: row?.name ?? '', rowVersion: row?.rowVersion }), row);

  const submit = () => form.submit((values) => upsert.mutateAsync(values), { success: snack.updated('Language'), onSaved: onClose });

  return (
    <ContractFormDialog
      form={form}
      testId="language"
      opened={opened}
      onClose={onClose}
      title={row ? t('common.edit', 'Edit') : t('languages.addLanguage', 'Add Language')}
      size="sm"
      onSave={submit}
    >
      <TextInput label={t('common.name', 'Name')} withAsterisk {...form.text('name')} data-autofocus data-testid="language-name" />
    </ContractFormDialog>
  );
}
