import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { apiFeatures } from '@sapwood/contracts';
import { call } from '../../lib/api';
import { AppDialog } from '../../components/ui/AppDialog';

/** Forgot password: one email field and Reset; then the same confirmation whatever the email. */
export function ForgotDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [email, setEmail] = useState('');
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setEmail('');
    setDone(false);
    onClose();
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      await call(apiFeatures.auth.forgot, { email: email.trim() });
    } catch {
      /* the answer is the same either way */
    } finally {
      setBusy(false);
      setDone(true);
    }
  }

  return (
    <AppDialog opened={opened} onClose={close} title="Forgot password" size={600}>
      {done ? (
        <Stack gap="sm">
          <Text size="sm" data-testid="forgot-done">If your email was found you will receive a reset link shortly.</Text>
          <Anchor component="button" type="button" size="sm" onClick={close}>Back to Login</Anchor>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <TextInput label="Email" type="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} data-testid="forgot-email" />
            <Button type="submit" loading={busy}>Reset</Button>
            <Anchor component="button" type="button" size="sm" onClick={close}>Back to Login</Anchor>
          </Stack>
        </form>
      )}
    </AppDialog>
  );
}
