import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { useConfirm } from './confirm-context';

/** The one wording of the question, everywhere a close would throw typed work away. */
export const UNSAVED_MESSAGE = 'You have unsaved changes. Discard them?';
export const UNSAVED_TITLE = 'Unsaved changes';

/** Whether there is unsaved work: a flag, or a getter read when asked (a host that does not re-render as it changes). */
export type Dirty = boolean | undefined | (() => boolean);
const isDirty = (d: Dirty) => (typeof d === 'function' ? d() : !!d);

/**
 * A close that asks first while `dirty`: Cancel buttons, Escape, the close button and an outside click all
 * go through it (AppDialog and FormDialog use it; a dialog's own Cancel should too). Answers whether it closed.
 */
export function useGuardedClose(dirty: Dirty, onClose: () => void): () => Promise<boolean> {
  const confirm = useConfirm();
  const latest = useRef({ dirty, onClose });
  useEffect(() => {
    latest.current = { dirty, onClose };
  });
  // a close asked for again while its question is open (Escape and an outside click, say) waits for the same answer:
  // the question is never asked twice in a row
  const pending = useRef<Promise<boolean> | null>(null);
  return useCallback(() => {
    if (pending.current) return pending.current;
    const run = (async () => {
      if (isDirty(latest.current.dirty) && !(await confirm(UNSAVED_MESSAGE, UNSAVED_TITLE))) return false;
      latest.current.onClose();
      return true;
    })();
    pending.current = run;
    const done = () => {
      if (pending.current === run) pending.current = null;
    };
    run.then(done, done);
    return run;
  }, [confirm]);
}

/**
 * While `dirty`, leaving or reloading the page makes the browser ask first (a getter: asked when the page is left).
 * Listened for in the commit that shows the typed work (a layout effect), not after the paint: a reload right after
 * typing still asks.
 */
export function useWarnBeforeUnload(dirty: Dirty): void {
  const getter = typeof dirty === 'function' ? dirty : null;
  useLayoutEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (getter && !getter()) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty, getter]);
}
