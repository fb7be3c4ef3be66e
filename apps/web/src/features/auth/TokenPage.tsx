import { Alert, Anchor, Button, Center, Loader, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { apiFeatures } from '@sapwood/contracts';
import { call } from '../../lib/api';
import { notify } from '../../lib/notify';

const EXPIRED = 'Your token has expired. Please reset your password again.';

/** The password-reset page: checks the token, then asks for the new password twice. */
export function TokenPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const check = useQuery({
    queryKey: ['checktoken', token],
    queryFn: () => (token ? call(apiFeatures.auth.checkToken, { token }) : Promise.resolve({ valid: false })),
    retry: 0,
  });
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [expired, setExpired] = useState(false);
  const [busy, setBusy] = useState(false);

  const passwordError = submitted && password === '' ? 'Password is required' : null;
  const confirmError = submitted && confirm !== password ? 'Password and Confirm Password should match' : null;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    if (password === '' || confirm !== password) return;
    setBusy(true);
    try {
      const r = await call(apiFeatures.auth.reset, { token, password });
      if (r.valid) {
        notify.success('Your password has been set. Please sign in.');
        navigate('/login', { replace: true });
      } else setExpired(true);
    } catch {
      notify.error('Something went wrong.');
    } finally {
      setBusy(false);
    }
  }

  let body;
  if (check.isPending) body = <Stack align="center"><Loader size="sm" /><Text size="sm">Checking token...</Text></Stack>;
  else if (expired || check.isError || !check.data?.valid) body = <Alert color="red" data-testid="token-expired">{EXPIRED}</Alert>;
  else
    body = (
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <PasswordInput label="New Password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.currentTarget.value)} error={passwordError} data-testid="new-password" />
          <PasswordInput label="Confirm Password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.currentTarget.value)} error={confirmError} data-testid="confirm-password" />
          <Button type="submit" loading={busy}>Reset</Button>
        </Stack>
      </form>
    );

  return (
    <Center mih="100vh" bg="gray.1">
      <Paper withBorder shadow="sm" p="lg" w={380}>
        <Stack gap="sm">
          <Title order={4}>Reset password</Title>
          {body}
          <Anchor component={Link} to="/login" size="sm">Back to Login</Anchor>
        </Stack>
      </Paper>
    </Center>
  );
}
