import { Button, Checkbox, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { LANGUAGE_MESSAGES, apiFeatures } from '@sapwood/contracts';
import { AppDialog } from '../../components/ui/AppDialog';
import { ApiError, call } from '../../lib/api';
import { useText } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { useLanguagesChanged } from './useLanguageData';

/** Add key: a non-empty, unique key and whether the web app shows it (frontend). */
export function AddKeyDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const t = useText();
  const changed = useLanguagesChanged();
  const [key, setKey] = useState('');
  const [frontend, setFrontend] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (opened) {
      setKey('');
      setFrontend(false);
      setSubmitted(false);
      setServerError(null);
    }
  }, [opened]);

  const trimmed = key.trim();
  const error = submitted && trimmed === '' ? LANGUAGE_MESSAGES.uniqueKey : serverError;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    setServerError(null);
    if (trimmed === '') return;
    setBusy(true);
    try {
      await call(apiFeatures.languages.addNewKey, { key: trimmed, frontend });
      notify.success('success');
      await changed.keys();
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) setServerError(err.fieldMessage('key') ?? err.message);
      else notify.error('Operation has failed');
    } finally {
      setBusy(false);
    }
  }

  return (
    <AppDialog opened={opened} onClose={onClose} title={t('languages.addKey', 'Add key')} size="sm" data-testid="key-dialog">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('languages.key', 'Key')}
            value={key}
            onChange={(e) => setKey(e.currentTarget.value)}
            error={error}
            data-autofocus
            data-testid="key-name"
          />
          <Checkbox
            label={t('languages.frontend', 'Frontend')}
            checked={frontend}
            onChange={(e) => setFrontend(e.currentTarget.checked)}
            data-testid="key-frontend"
          />
          <Button type="submit" fullWidth loading={busy} data-testid="key-save">{t('common.save', 'Save')}</Button>
        </Stack>
      </form>
    </AppDialog>
  );
}
