import { Button, Card, Group, Stack, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useController } from 'react-hook-form';
import { apiFeatures } from '@sapwood/contracts';
import { NumericInput } from '../../components/ui/NumericInput';
import { useWarnBeforeUnload } from '../../components/ui/unsaved';
import { useText } from '../../lib/i18n';
import { useEndpointMutation, useEndpointQuery } from '../../lib/query';
import { type ContractForm, useContractForm } from '../../lib/useContractForm';
import { snack } from '../../lib/notify';

const ep = apiFeatures.settings;
const Limits = ep.update.input;
type LimitName = 'sugarLimit' | 'starchLimit';

/**
 * A limit's box. An empty box saves 0; text that is not a number is held as NaN, so the contract's schema
 * says 'Must be a number' (and 'Must not be negative' below 0), the server's words.
 */
function LimitField({ form, name, label, testId }: { form: ContractForm<typeof Limits>; name: LimitName; label: string; testId: string }) {
  const { field, fieldState } = useController({ control: form.control, name });
  // what the box shows: null while empty, the last number while the text is not one
  const [shown, setShown] = useState<number | null>(field.value);
  useEffect(() => {
    if (!Number.isNaN(field.value) && field.value !== (shown ?? 0)) setShown(field.value);
    // follows the form (a loaded value), not the box's own edits
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [field.value]);
  return (
    <NumericInput
      label={label}
      value={shown}
      onChange={(n) => {
        setShown(n);
        field.onChange(n ?? 0);
      }}
      onInvalidChange={(invalid) => invalid && field.onChange(Number.NaN)}
      error={fieldState.error?.message}
      data-testid={testId}
    />
  );
}

/** /settings: the Limits card (Sugar Max, Starch Max). */
export default function SettingsPage() {
  const t = useText();
  const saved = useEndpointQuery(ep.get, {}, { overlay: true });
  const form = useContractForm(Limits, { defaultValues: { sugarLimit: 0, starchLimit: 0 }, fields: ['sugarLimit', 'starchLimit'] });
  // the start-up data carries the limits too; no overlay, whose snack would say 'Something went wrong.' in place of
  // the server's words (a 409 says the settings were saved by someone else meanwhile)
  const update = useEndpointMutation(ep.update, { invalidates: [ep, apiFeatures.auth.initial], onError: false });
  const { reset } = form;
  useEffect(() => {
    // the version read goes back with the save: a save over someone else's newer one answers 409, told by a message
    if (saved.data) reset({ sugarLimit: saved.data.sugarLimit, starchLimit: saved.data.starchLimit, rowVersion: saved.data.rowVersion });
  }, [saved.data, reset]);

  // Save looks disabled until a value differs from the defaults (0 and 0).
  const [sugar, starch] = form.watch(['sugarLimit', 'starchLimit']);
  const differs = (sugar || 0) !== 0 || (starch || 0) !== 0;

  // the saved values are the form's new starting point: only a later edit is unsaved
  const save = () => form.submit((values) => update.mutateAsync(values), { success: snack.updated('Settings'), onSaved: (saved) => reset(saved) });
  // leaving or reloading the page with unsaved limits asks first
  useWarnBeforeUnload(form.formState.isDirty);

  return (
    <Stack maw={420}>
      <Card withBorder padding="md" data-testid="limits-card">
        <Title order={5} mb="sm">{t('settings.limits', 'Limits')}</Title>
        <Stack gap="xs">
          <LimitField form={form} name="sugarLimit" label={t('settings.sugarMax', 'Sugar Max')} testId="sugar-max" />
          <LimitField form={form} name="starchLimit" label={t('settings.starchMax', 'Starch Max')} testId="starch-max" />
          <Group justify="flex-end">
            <Button
              onClick={() => void save()}
              variant={differs ? 'filled' : 'light'}
              color={differs ? undefined : 'gray'}
              data-looks-disabled={!differs}
              data-testid="settings-save"
            >
              {t('common.save', 'Save')}
            </Button>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}
