import { Alert, Anchor, Button, Center, Loader, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PASSWORD_MIN_LENGTH, ResetPasswordForm, authEndpoints } from '@sapwood/contracts';
import { serverFieldErrors } from '../../lib/formErrors';
import { notify } from '../../lib/notify';
import { useEndpointMutation, useEndpointQuery } from '../../lib/query';
import { reportError } from '../../lib/reportError';
import { useContractForm } from '../../lib/useContractForm';

const EXPIRED = 'Your token has expired. Please reset your password again.';

/**
 * The password-reset page (also where a new user creates a first password): checks the token, then asks for
 * the new password twice. A password too short is said before sending (the contract's rule); one the server
 * refuses as common or too easy to guess is said on the field from its answer, which says why (the server is the
 * judge: its dictionaries stay out of the web bundle).
 */
export function TokenPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  // no token in the link is an expired one, without asking
  const check = useEndpointQuery(authEndpoints.checkToken, { token }, { enabled: token !== '', retry: 0 });
  const valid = token !== '' && check.data?.valid === true;
  const form = useContractForm(ResetPasswordForm, { defaultValues: { token, password: '', confirm: '' }, fields: ['password', 'confirm'] });
  const [expired, setExpired] = useState(false);
  const reset = useEndpointMutation(authEndpoints.reset, {
    invalidates: [],
    onSuccess: (r) => {
      if (!r.valid) return setExpired(true);
      notify.success('Your password has been set. Please sign in.');
      navigate('/login', { replace: true });
    },
    onError: (err) => {
      // a password the server refuses (common, too easy to guess) is said on its field; anything else as a snack
      const refused = serverFieldErrors(err).password;
      if (refused) form.showErrors({ password: refused });
      else reportError(err, 'Something went wrong.');
    },
  });

  const submit = form.handleSubmit(({ token, password }) => reset.mutate({ token, password }));

  let body;
  if (token !== '' && check.isPending) body = <Stack align="center"><Loader size="sm" /><Text size="sm">Checking token...</Text></Stack>;
  else if (expired || !valid) body = <Alert color="red" data-testid="token-expired">{EXPIRED}</Alert>;
  else
    body = (
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          <PasswordInput
            label="New Password"
            description={`At least ${PASSWORD_MIN_LENGTH} characters and hard to guess: a few uncommon words work well; any characters, spaces too`}
            autoComplete="new-password"
            {...form.register('password', { deps: ['confirm'] })}
            error={form.errorOf('password')}
            // Mantine marks only the password box, not its input: said to assistive technology here
            aria-invalid={!!form.errorOf('password')}
            data-testid="new-password"
          />
          <PasswordInput label="Confirm Password" autoComplete="new-password" {...form.register('confirm')} error={form.errorOf('confirm')}
            aria-invalid={!!form.errorOf('confirm')} data-testid="confirm-password" />
          <Button type="submit" loading={reset.isPending}>Reset</Button>
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
