import { useCallback, useEffect, useRef } from 'react';
import { useConfirm } from './confirm-context';

/** The one wording of the question, everywhere a close would throw typed work away. */
export const UNSAVED_MESSAGE = 'You have unsaved changes. Discard them?';
export const UNSAVED_TITLE = 'Unsaved changes';

/**
 * A close that asks first while `dirty`: Cancel buttons, Escape, the close button and an outside click all
 * go through it (AppDialog and FormDialog use it; a dialog's own Cancel should too). Answers whether it closed.
 */
export function useGuardedClose(dirty: boolean | undefined, onClose: () => void): () => Promise<boolean> {
  const confirm = useConfirm();
  const latest = useRef({ dirty, onClose });
  useEffect(() => {
    latest.current = { dirty, onClose };
  });
  return useCallback(async () => {
    if (latest.current.dirty && !(await confirm(UNSAVED_MESSAGE, UNSAVED_TITLE))) return false;
    latest.current.onClose();
    return true;
  }, [confirm]);
}

/** While `dirty`, leaving or reloading the page makes the browser ask first. */
export function useWarnBeforeUnload(dirty: boolean | undefined): void {
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}
