import { useCallback, useSyncExternalStore } from 'react';
import { listen } from './listeners';

/** Where a grid row's save stands: on its way, saved, or refused (with the server's words, and whether it was a 409). */
export type RowSaveStatus =
  | { state: 'saving' }
  | { state: 'saved' }
  | { state: 'failed'; message: string; conflict?: boolean };

/**
 * Per-row statuses outside React state: a row subscribes to its own key only, so one row's save re-renders
 * that row, not the whole (memoized) grid.
 */
export interface RowStatusStore<K, S = RowSaveStatus> {
  get(key: K): S | undefined;
  set(key: K, status: S | undefined): void;
  subscribe(key: K, listener: () => void): () => void;
}

export function createRowStatusStore<K, S = RowSaveStatus>(): RowStatusStore<K, S> {
  const values = new Map<K, S>();
  const listeners = new Map<K, Set<() => void>>();
  return {
    get: (key) => values.get(key),
    set(key, status) {
      if (status === undefined) values.delete(key);
      else values.set(key, status);
      listeners.get(key)?.forEach((l) => l());
    },
    subscribe(key, listener) {
      const remove = listen(listeners, key, listener);
      return () => void remove();
    },
  };
}

/** The status of one row, re-rendering only when that row's status changes. */
export function useRowStatus<K, S>(store: RowStatusStore<K, S>, key: K): S | undefined {
  const subscribe = useCallback((listener: () => void) => store.subscribe(key, listener), [store, key]);
  return useSyncExternalStore(subscribe, () => store.get(key));
}
