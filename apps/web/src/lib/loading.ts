import { useSyncExternalStore } from 'react';

/** The reference-counted loading overlay: it shows while any caller holds it. */
let count = 0;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export const loading = {
  hold(): () => void {
    count += 1;
    emit();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      count -= 1;
      emit();
    };
  },
  get count() {
    return count;
  },
};

export function useGlobalLoading(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => count > 0,
  );
}
