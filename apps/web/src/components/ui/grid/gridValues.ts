import { useCallback, useSyncExternalStore } from 'react';
import { listen } from './listeners';

/** What react-hook-form tells of a change (its state subject's event): the name changed, and what else it says. */
type FormEvent = { name?: string } & Record<string, unknown>;

/**
 * What the store needs of the grid's form: react-hook-form's `getValues`, and its control's state subject (the one
 * its own `subscribe` and `useWatch` sit on). Subscribed to directly, not through `subscribe({ formState: { values:
 * true } })`: a values subscriber makes react-hook-form copy the whole form's values on every key press (500 rows
 * of 17 values: the largest script of a key press and most of its garbage; ADR 0226).
 */
export interface WatchedForm {
  getValues(name: string): unknown;
  control: { _subjects: { state: { subscribe(o: { next: (e: FormEvent) => void }): { unsubscribe(): void } } } };
}

/**
 * Whether the event may carry a value changed: what a values subscriber of react-hook-form is told of (an event
 * with values, or naming no more than a name), and a typed value (`type`: the input event, which carries values only
 * for values subscribers).
 */
const valueEvent = (e: FormEvent) => 'values' in e || 'type' in e || Object.keys(e).every((k) => k === 'name');

/**
 * The grid's values, watched per cell or per row through ONE subscription to the form (ADR 0205). react-hook-form's
 * `useWatch` subscribes every watcher to every change: with a watcher a cell, 500 rows of 17 values make each key
 * press call ten thousand of them. Here a change of `rows.5.N` tells only the watchers of `rows.5.N` and of the row
 * `rows.5` (a change of a whole row, every watcher of the row), and those of the whole `rows` (what is drawn from
 * all rows: a count, the groups); a change without a name, or of the array `rows` (a reset, rows added or removed),
 * tells every watcher, which then re-render only if what they draw changed.
 */
export interface GridValues {
  get(name: string): unknown;
  subscribe(name: string, listener: () => void): () => void;
}

const ROW = /^rows\.(\d+)(?:\.|$)/;

export function createGridValues(form: WatchedForm): GridValues {
  /** by row index ('' for names outside the rows), then by watched name */
  const rows = new Map<string, Map<string, Set<() => void>>>();
  let stop: (() => void) | null = null;
  const each = (names: Map<string, Set<() => void>> | undefined, match: (watched: string) => boolean) => {
    names?.forEach((set, watched) => match(watched) && set.forEach((l) => l()));
  };
  const changed = (name: string | undefined) => {
    if (!name || name === 'rows') {
      [...rows.values()].forEach((names) => each(names, () => true));
      return;
    }
    const m = ROW.exec(name);
    const related = (w: string) => w === name || w.startsWith(`${name}.`) || name.startsWith(`${w}.`);
    each(rows.get(m ? m[1] : ''), related);
    // a row's change tells the watchers of the whole rows too (what is drawn from all of them: Prepare's groups)
    if (m) each(rows.get(''), related);
  };
  return {
    get: (name) => form.getValues(name),
    subscribe(name, listener) {
      // subscribed while anything watches: a form nobody watches pays nothing
      if (!stop) {
        const sub = form.control._subjects.state.subscribe({ next: (e) => void (valueEvent(e) && changed(e.name)) });
        stop = () => sub.unsubscribe();
      }
      const row = ROW.exec(name)?.[1] ?? '';
      let names = rows.get(row);
      if (!names) rows.set(row, (names = new Map()));
      const remove = listen(names, name, listener);
      return () => {
        if (remove()) rows.delete(row);
        if (rows.size === 0) {
          stop?.();
          stop = null;
        }
      };
    },
  };
}

/**
 * What a cell or row draws from the form's value at `name` (`pick` of it; the value itself by default): re-renders
 * only when that changes. `pick` answers something comparable with Object.is (a string, a number, a flag): a
 * row's values are one object changed in place, so watch a row through what is drawn from it.
 */
export function useGridValue<T = unknown>(values: GridValues, name: string, pick?: (value: unknown) => T): T {
  const subscribe = useCallback((listener: () => void) => values.subscribe(name, listener), [values, name]);
  return useSyncExternalStore(subscribe, () => (pick ? pick(values.get(name)) : values.get(name) as T));
}
