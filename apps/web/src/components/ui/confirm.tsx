import { Button, Text } from '@mantine/core';
import { type ReactNode, createContext, useCallback, useContext, useRef, useState } from 'react';
import { AppDialog } from './AppDialog';

type Ask = (message: ReactNode, title?: string) => Promise<boolean>;
const ConfirmContext = createContext<Ask | null>(null);

/** A Yes/No confirmation: `if (await confirm('Are you sure…?')) …` */
export function useConfirm(): Ask {
  const ask = useContext(ConfirmContext);
  if (!ask) throw new Error('useConfirm outside ConfirmProvider');
  return ask;
}

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
