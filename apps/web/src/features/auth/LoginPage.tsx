import { Alert, Anchor, Button, Center, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { Suspense, lazy, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { LOGIN_MESSAGES, LoginForm, type LoginResult, authEndpoints } from '@sapwood/contracts';
import { ApiError } from '../../lib/api';
import { useEndpointMutation } from '../../lib/query';
import { useStartup } from '../../lib/session';
import { useText } from '../../lib/i18n';
import { useContractForm } from '../../lib/useContractForm';

// the dialog (Mantine's Modal, its form) loads on the first 'Forgot your password?': the sign-in page's budget (ADR 0170)
const ForgotDialog = lazy(() => import('./ForgotDialog'));

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
  // checked after the first submit, as red rings; nothing is sent while a field is empty
  const form = useContractForm(LoginForm, { defaultValues: { email: '', password: '' }, fields: ['email', 'password'] });
  const [result, setResult] = useState<LoginResult | 'Error' | null>(null);
  // too many attempts (429): the server's words, which say when to try again
  const [refusal, setRefusal] = useState<string | null>(null);
  const [forgotOpen, setForgotOpen] = useState(false);
  // mounted once asked for, then kept: its Modal closes with its transition and returns the focus
  const [forgotAsked, setForgotAsked] = useState(false);
  const t = useText();
  // done once the start-up data says who signed in (the app's routes read it)
  const login = useEndpointMutation(authEndpoints.login, {
    invalidates: [authEndpoints.initial],
    awaitRefresh: true,
    onSuccess: (r) => {
      setRefusal(null);
      setResult(r);
    },
    onError: (err) => {
      setRefusal(err instanceof ApiError && err.status === 429 ? err.message : null);
      setResult('Error'); // otherwise the alert says 'Something went wrong.'
    },
  });

  if (startup.data?.authenticated) return <Navigate to={returnUrl} replace />;

  const submit = form.handleSubmit(async (values) => {
    const r = await login.mutateAsync(values).catch(() => null);
    if (r === 'Success') navigate(returnUrl, { replace: true });
  });

  const message = result === 'Error' ? (refusal ?? 'Something went wrong.') : result && result !== 'Success' ? LOGIN_MESSAGES[result] : null;

  return (
    <Center mih="100vh" bg="gray.1">
      <Paper withBorder shadow="sm" p="lg" w={360}>
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Stack gap="sm">
            <Title order={3} c="teal.8">Sapwood</Title>
            <Text size="sm" c="dimmed">{t('login.subtitle', 'Sign in to continue')}</Text>
            {message && <Alert color="red" py={6} data-testid="login-message">{message}</Alert>}
            <TextInput
              label={t('login.email', 'Email')}
              type="email"
              autoComplete="username"
              autoFocus
              {...form.register('email')}
              error={!!form.formState.errors.email}
              data-testid="login-email"
            />
            <PasswordInput
              label={t('login.password', 'Password')}
              autoComplete="current-password"
              {...form.register('password')}
              error={!!form.formState.errors.password}
              // Mantine marks only the password box, not its input: said to assistive technology here
              aria-invalid={!!form.formState.errors.password}
              data-testid="login-password"
            />
            <Button type="submit" loading={login.isPending} fullWidth>{t('login.signIn', 'Sign in')}</Button>
            <Anchor component="button" type="button" size="sm" onClick={() => { setForgotAsked(true); setForgotOpen(true); }}>
              {t('login.forgot', 'Forgot your password?')}
            </Anchor>
            <Text size="xs" c="dimmed" ta="center" data-testid="login-version">{t('shell.version', 'Version')} {startup.data?.version ?? ''}</Text>
          </Stack>
        </form>
      </Paper>
      {forgotAsked && (
        <Suspense fallback={null}>
          <ForgotDialog opened={forgotOpen} onClose={() => setForgotOpen(false)} />
        </Suspense>
      )}
    </Center>
  );
}
