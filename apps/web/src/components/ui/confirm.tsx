import { Button, Text } from '@mantine/core';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { AppDialog } from './AppDialog';
import { type Ask, ConfirmContext } from './confirm-context';

export { useConfirm } from './confirm-context';

export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<{ message: ReactNode; title: string } | null>(null);
  const resolver = useRef<((v: boolean) => void) | null>(null);

  const ask = useCallback<Ask>((message, title = 'Confirm') => {
    setState({ message, title });
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const answer = (v: boolean) => {
    resolver.current?.(v);
    resolver.current = null;
    setState(null);
  };

  return (
    <ConfirmContext.Provider value={ask}>
      {children}
      <AppDialog
        opened={state !== null}
        onClose={() => answer(false)}
        title={state?.title ?? ''}
        size="sm"
        zIndex={3000}
        data-testid="confirm-dialog"
        actions={
          <>
            <Button variant="default" onClick={() => answer(false)}>No</Button>
            <Button onClick={() => answer(true)} data-autofocus>Yes</Button>
          </>
        }
      >
        <Text size="sm">{state?.message}</Text>
      </AppDialog>
    </ConfirmContext.Provider>
  );
}
