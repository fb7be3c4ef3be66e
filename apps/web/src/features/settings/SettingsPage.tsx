import { Button, Card, Group, Stack, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiFeatures } from '@sapwood/contracts';
import { NumericInput } from '../../components/ui/NumericInput';
import { ApiError, call } from '../../lib/api';
import { STARTUP_KEY } from '../../lib/session';
import { notify } from '../../lib/notify';
import { useText } from '../../lib/i18n';

const SETTINGS_KEY = ['settings'];

/** The same rule as the server's: a finite number, not negative (text that is not a number never gets here). */
function limitError(value: number | null, invalidText: boolean): string | null {
  if (invalidText) return 'Must be a number';
  if (value !== null && value < 0) return 'Must not be negative';
  return null;
}

/** /settings: the Limits card (Sugar Max, Starch Max). */
export default function SettingsPage() {
  const qc = useQueryClient();
  const t = useText();
  const saved = useQuery({ queryKey: SETTINGS_KEY, queryFn: () => call(apiFeatures.settings.get, {}, { overlay: true }) });
  const [sugar, setSugar] = useState<number | null>(0);
  const [starch, setStarch] = useState<number | null>(0);
  const [sugarInvalid, setSugarInvalid] = useState(false);
  const [starchInvalid, setStarchInvalid] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  useEffect(() => {
    if (saved.data) {
      setSugar(saved.data.sugarLimit);
      setStarch(saved.data.starchLimit);
    }
  }, [saved.data]);

  // Save looks disabled until a value differs from the defaults (0 and 0).
  const differs = (sugar ?? 0) !== 0 || (starch ?? 0) !== 0;
  const sugarError = limitError(sugar, sugarInvalid);
  const starchError = limitError(starch, starchInvalid);

  async function save() {
    setSubmitted(true);
    if (sugarError || starchError) return;
    try {
      await call(apiFeatures.settings.update, { sugarLimit: sugar ?? 0, starchLimit: starch ?? 0 }, { overlay: true });
      notify.success('success');
      await qc.invalidateQueries({ queryKey: SETTINGS_KEY });
      await qc.invalidateQueries({ queryKey: STARTUP_KEY });
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) notify.error(err.message);
    }
  }

  return (
    <Stack maw={420}>
      <Card withBorder padding="md" data-testid="limits-card">
        <Title order={5} mb="sm">{t('settings.limits', 'Limits')}</Title>
        <Stack gap="xs">
          <NumericInput
            label={t('settings.sugarMax', 'Sugar Max')}
            value={sugar}
            onChange={setSugar}
            onInvalidChange={setSugarInvalid}
            error={submitted ? sugarError : undefined}
            data-testid="sugar-max"
          />
          <NumericInput
            label={t('settings.starchMax', 'Starch Max')}
            value={starch}
            onChange={setStarch}
            onInvalidChange={setStarchInvalid}
            error={submitted ? starchError : undefined}
            data-testid="starch-max"
          />
          <Group justify="flex-end">
            <Button
              onClick={save}
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
