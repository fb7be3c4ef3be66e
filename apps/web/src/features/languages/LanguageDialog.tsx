import { TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { LANGUAGE_MESSAGES, type LanguageRow, apiFeatures } from '@sapwood/contracts';
import { FormDialog } from '../../components/ui/FormDialog';
import { call } from '../../lib/api';
import { useText } from '../../lib/i18n';
import { useFormSave } from '../../lib/useFormSave';
import { useLanguageList, useLanguagesChanged } from './useLanguageData';

/** Add Language (no row) or Edit (a row): the name is required and unique. */
export function LanguageDialog({ opened, row, onClose }: { opened: boolean; row: LanguageRow | null; onClose: () => void }) {
  const t = useText();
  const list = useLanguageList();
  const changed = useLanguagesChanged();
  const [name, setName] = useState('');
  const trimmed = name.trim();
  const taken = (list.data ?? []).some((l) => l.id !== row?.id && l.name.toLowerCase() === trimmed.toLowerCase());
  const { busy, textField, reset, save } = useFormSave({
    check: trimmed === '' || taken ? { name: LANGUAGE_MESSAGES.uniqueName } : {},
    inForm: ['name'],
  });

  useEffect(() => {
    if (opened) {
      setName(row?.name ?? '');
      reset();
    }
  }, [opened, row, reset]);

  const submit = () => save(async () => {
    await call(apiFeatures.languages.upsertLanguage, { id: row?.id ?? null, name: trimmed, rowVersion: row?.rowVersion });
    await changed.languages();
  }, { success: 'success', onSaved: onClose });

  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={row ? t('common.edit', 'Edit') : t('languages.addLanguage', 'Add Language')}
      size="sm"
      data-testid="language-dialog"
      onSave={submit}
      busy={busy}
      saveTestId="language-save"
    >
      <TextInput label={t('common.name', 'Name')} withAsterisk {...textField('name', name, setName)} data-autofocus data-testid="language-name" />
    </FormDialog>
  );
}
