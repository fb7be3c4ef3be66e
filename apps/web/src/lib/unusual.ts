import { BOUND_MESSAGES } from '@sapwood/contracts';
import { useCallback, useRef } from 'react';
import { useConfirm } from '../components/ui/confirm';

/** said when a save stops because values outside their usual range were not confirmed */
export const UNCONFIRMED = 'Not saved: values outside their usual range were not confirmed (see the cells marked).';

/**
 * The one question before saving values outside their usual range (issue 31, values/bounds.ts): 'N values are
 * outside the usual range: … Save anyway?', asked once for all the values of a save. Yes: the caller sends them
 * confirmed; No: it saves nothing of them and shows them at their cells. Questions asked while one is open
 * wait for it (the confirm dialog holds one question at a time).
 */
export function useAskUnusual(): (items: readonly string[]) => Promise<boolean> {
  const confirm = useConfirm();
  const last = useRef<Promise<unknown>>(Promise.resolve());
  return useCallback((items: readonly string[]) => {
    if (items.length === 0) return Promise.resolve(true);
    const asked = last.current.then(() => confirm(BOUND_MESSAGES.question(items), BOUND_MESSAGES.questionTitle));
    last.current = asked.catch(() => undefined);
    return asked;
  }, [confirm]);
}
