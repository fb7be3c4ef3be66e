import { Button, Text } from '@mantine/core';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { AppDialog } from './AppDialog';
import { type Ask, ConfirmContext } from './confirm-context';

export { useConfirm } from './confirm-context';

export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<{ message: ReactNode; title: string } | null>(null);
  const resolver = useRef<((v: boolean) => void) | null>(null);
  /** where the focus was when asked: it goes back there on the answer, unless the answer moved it elsewhere */
  const before = useRef<Element | null>(null);

  const ask = useCallback<Ask>((message, title = 'Confirm') => {
    before.current = document.activeElement;
    setState({ message, title });
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const answer = (v: boolean) => {
    resolver.current?.(v);
    resolver.current = null;
    setState(null);
    // Mantine's own return of the focus (10 ms after closing) would take it back from a field the answer focused
    // meanwhile (a Save refused: the failed row's cell); it goes back only from the question or from nowhere
    const left = document.activeElement;
    const back = before.current;
    window.setTimeout(() => {
      const now = document.activeElement;
      if (back instanceof HTMLElement && (!now || now === document.body || now === left || !now.isConnected)) back.focus({ preventScroll: true });
    }, 10);
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
        returnFocus={false}
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
