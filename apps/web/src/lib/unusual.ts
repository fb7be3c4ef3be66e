import { BOUND_MESSAGES, type ValueProblem, unusualItem } from '@sapwood/contracts';
import { useCallback, useRef } from 'react';
import { useConfirm } from '../components/ui/confirm';

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

/**
 * Which values outside their usual range a form's save must confirm, when its contract refuses one not named in
 * the entry's `confirmed` (norm sets, DRIS graphs, growth ranges): a value as it was loaded was confirmed when it
 * was saved (or predates the rule) and is confirmed again without asking; the others are the question's items.
 * `confirmed(yes)` is the entry's list after the answer.
 */
export interface Confirmation {
  /** the question's items: 'N Max 9 % (usual 0.5–7 %)' */
  ask: string[];
  confirmed: (yes: boolean) => string[];
}

export function confirmationOf(problems: readonly (ValueProblem & { label: string })[], loadedValue: (at: string) => number | null | undefined, prefix = ''): Confirmation {
  const unusual = problems.filter((p) => p.level === 'unusual');
  const kept = unusual.filter((p) => loadedValue(p.at) === p.value).map((p) => p.at);
  const asked = unusual.filter((p) => loadedValue(p.at) !== p.value);
  return {
    ask: asked.map((p) => unusualItem(`${prefix}${p.label}`, p.value, p.bounds)),
    confirmed: (yes) => (yes ? [...kept, ...asked.map((p) => p.at)] : kept),
  };
}
