// the sign-in page loads Mantine's styles per component (ADR 0170): a dialog's own come with the dialog
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { authEndpoints } from '@sapwood/contracts';
import { AppDialog } from '../../components/ui/AppDialog';
import { ConfirmProvider } from '../../components/ui/confirm';
import { useEndpointMutation } from '../../lib/query';
import { useContractForm } from '../../lib/useContractForm';

const ep = authEndpoints.forgot;

/** Forgot password: one email field and Reset; then the same confirmation whatever the email. */
export function ForgotDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const form = useContractForm(ep.input, { defaultValues: { email: '' }, fields: ['email'] });
  const [done, setDone] = useState(false);
  // the answer is the same either way: a failure is not told
  const forgot = useEndpointMutation(ep, { invalidates: [], onError: () => undefined });

  const close = () => {
    form.reset();
    setDone(false);
    onClose();
  };

  const submit = form.handleSubmit(async (values) => {
    await forgot.mutateAsync(values).catch(() => undefined);
    setDone(true);
  });

  return (
    <AppDialog opened={opened} onClose={close} title="Forgot password" size={600}>
      {done ? (
        <Stack gap="sm">
          <Text size="sm" data-testid="forgot-done">If your email was found you will receive a reset link shortly.</Text>
          <Anchor component="button" type="button" size="sm" onClick={close}>Back to Login</Anchor>
        </Stack>
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Stack gap="sm">
            <TextInput label="Email" type="email" {...form.register('email')} error={form.errorOf('email')} data-testid="forgot-email" />
            <Button type="submit" loading={forgot.isPending}>Reset</Button>
            <Anchor component="button" type="button" size="sm" onClick={close}>Back to Login</Anchor>
          </Stack>
        </form>
      )}
    </AppDialog>
  );
}

/**
 * The dialog as the sign-in page loads it (on the first click): outside the signed-in app, so with the confirm
 * provider its unsaved-changes question needs (ADR 0170).
 */
export default function ForgotDialogOnSignIn(props: { opened: boolean; onClose: () => void }) {
  return (
    <ConfirmProvider>
      <ForgotDialog {...props} />
    </ConfirmProvider>
  );
}
