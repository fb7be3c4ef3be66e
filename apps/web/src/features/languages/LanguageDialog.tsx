import { Button, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { LANGUAGE_MESSAGES, type LanguageRow, apiFeatures } from '@sapwood/contracts';
import { AppDialog } from '../../components/ui/AppDialog';
import { ApiError, call } from '../../lib/api';
import { useText } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { useLanguageList, useLanguagesChanged } from './useLanguageData';

/** Add Language (no row) or Edit (a row): the name is required and unique. */
export function LanguageDialog({ opened, row, onClose }: { opened: boolean; row: LanguageRow | null; onClose: () => void }) {
  const t = useText();
  const list = useLanguageList();
  const changed = useLanguagesChanged();
  const [name, setName] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (opened) {
      setName(row?.name ?? '');
      setSubmitted(false);
      setServerError(null);
    }
  }, [opened, row]);

  const trimmed = name.trim();
  const taken = (list.data ?? []).some((l) => l.id !== row?.id && l.name.toLowerCase() === trimmed.toLowerCase());
  const error = submitted && (trimmed === '' || taken) ? LANGUAGE_MESSAGES.uniqueName : serverError;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    setServerError(null);
    if (trimmed === '' || taken) return;
    setBusy(true);
    try {
      await call(apiFeatures.languages.upsertLanguage, { id: row?.id ?? null, name: trimmed, rowVersion: row?.rowVersion });
      notify.success('success');
      await changed.languages();
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) setServerError(err.fieldMessage('name') ?? err.message);
      else notify.error(err instanceof ApiError && err.status === 409 ? err.message : 'Operation has failed');
    } finally {
      setBusy(false);
    }
  }

  return (
    <AppDialog
      opened={opened}
      onClose={onClose}
      title={row ? t('common.edit', 'Edit') : t('languages.addLanguage', 'Add Language')}
      size="sm"
      data-testid="language-dialog"
    >
      <form onSubmit={submit} noValidate>
        <TextInput
          label={t('common.name', 'Name')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={error}
          data-autofocus
          data-testid="language-name"
        />
        <Button type="submit" mt="md" fullWidth loading={busy} data-testid="language-save">{t('common.save', 'Save')}</Button>
      </form>
    </AppDialog>
  );
}
