import { Alert, Anchor, Button, Center, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { LOGIN_MESSAGES, type LoginResult, apiFeatures } from '@sapwood/contracts';
import { call } from '../../lib/api';
import { STARTUP_KEY, useStartup } from '../../lib/session';
import { useText } from '../../lib/i18n';
import { ForgotDialog } from './ForgotDialog';

/** Only same-site paths are honoured as ReturnUrl, never another site. */
export function safeReturnUrl(raw: string | null): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return '/';
  return raw;
}

export function LoginPage() {
  const [params] = useSearchParams();
  const returnUrl = safeReturnUrl(params.get('ReturnUrl'));
  const startup = useStartup();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<LoginResult | 'Error' | null>(null);
  const [forgotOpen, setForgotOpen] = useState(false);
  const t = useText();

  if (startup.data?.authenticated) return <Navigate to={returnUrl} replace />;

  const emailMissing = email.trim() === '';
  const passwordMissing = password === '';

  async function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    if (emailMissing || passwordMissing) return;
    setBusy(true);
    try {
      const r = await call(apiFeatures.auth.login, { email: email.trim(), password });
      setResult(r);
      if (r === 'Success') {
        await qc.invalidateQueries({ queryKey: STARTUP_KEY });
        navigate(returnUrl, { replace: true });
      }
    } catch {
      setResult('Error');
    } finally {
      setBusy(false);
    }
  }

  const message = result === 'Error' ? 'Something went wrong.' : result && result !== 'Success' ? LOGIN_MESSAGES[result] : null;

  return (
    <Center mih="100vh" bg="gray.1">
      <Paper withBorder shadow="sm" p="lg" w={360}>
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Title order={3} c="teal.8">Sapwood</Title>
            <Text size="sm" c="dimmed">{t('login.subtitle', 'Sign in to continue')}</Text>
            {message && <Alert color="red" py={6} data-testid="login-message">{message}</Alert>}
            <TextInput
              label={t('login.email', 'Email')}
              type="email"
              autoComplete="username"
              autoFocus
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              error={submitted && emailMissing}
              data-testid="login-email"
            />
            <PasswordInput
              label={t('login.password', 'Password')}
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              error={submitted && passwordMissing}
              data-testid="login-password"
            />
            <Button type="submit" loading={busy} fullWidth>{t('login.signIn', 'Sign in')}</Button>
            <Anchor component="button" type="button" size="sm" onClick={() => setForgotOpen(true)}>
              {t('login.forgot', 'Forgot your password?')}
            </Anchor>
            <Text size="xs" c="dimmed" ta="center" data-testid="login-version">{t('shell.version', 'Version')} {startup.data?.version ?? ''}</Text>
          </Stack>
        </form>
      </Paper>
      <ForgotDialog opened={forgotOpen} onClose={() => setForgotOpen(false)} />
    </Center>
  );
}
