import { Checkbox, Stack, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { LANGUAGE_MESSAGES, apiFeatures } from '@sapwood/contracts';
import { FormDialog } from '../../components/ui/FormDialog';
import { call } from '../../lib/api';
import { useText } from '../../lib/i18n';
import { useFormSave } from '../../lib/useFormSave';
import { useLanguagesChanged } from './useLanguageData';

/** Add key: a non-empty, unique key and whether the web app shows it (frontend). */
export function AddKeyDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const t = useText();
  const changed = useLanguagesChanged();
  const [key, setKey] = useState('');
  const [frontend, setFrontend] = useState(false);
  const trimmed = key.trim();
  const { busy, textField, reset, save } = useFormSave({
    check: trimmed === '' ? { key: LANGUAGE_MESSAGES.uniqueKey } : {},
    inForm: ['key'],
  });

  useEffect(() => {
    if (opened) {
      setKey('');
      setFrontend(false);
      reset();
    }
  }, [opened, reset]);

  const submit = () => save(async () => {
    await call(apiFeatures.languages.addNewKey, { key: trimmed, frontend });
    await changed.keys();
  }, { success: 'success', onSaved: onClose });

  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={t('languages.addKey', 'Add key')}
      size="sm"
      data-testid="key-dialog"
      onSave={submit}
      busy={busy}
      saveTestId="key-save"
    >
      <Stack gap="sm">
        <TextInput label={t('languages.key', 'Key')} withAsterisk {...textField('key', key, setKey)} data-autofocus data-testid="key-name" />
        <Checkbox
          label={t('languages.frontend', 'Frontend')}
          checked={frontend}
          onChange={(e) => setFrontend(e.currentTarget.checked)}
          data-testid="key-frontend"
        />
      </Stack>
    </FormDialog>
  );
}
