/**
 * Each row's saves one after another (a second save of a row waits for the first's new version); rows apart run
 * side by side. A task's failure is its own business: the queue never rejects.
 */
export interface SaveQueue<K> {
  run(key: K, task: () => Promise<void>): Promise<void>;
  /** waits for every save still under way */
  pending(): Promise<void>;
  busy(key: K): boolean;
}

export function createSaveQueue<K>(): SaveQueue<K> {
  const queue = new Map<K, Promise<void>>();
  return {
    run(key, task) {
      const run = (queue.get(key) ?? Promise.resolve()).then(task).catch(() => undefined);
      queue.set(key, run);
      void run.then(() => {
        if (queue.get(key) === run) queue.delete(key);
      });
      return run;
    },
    pending: async () => {
      await Promise.all([...queue.values()]);
    },
    busy: (key) => queue.has(key),
  };
}

/**
 * What the server holds for each row: its values and the version they carry (sent with the next save; a stale one
 * gets 409). Values are copied in: a form's row object changes under the typist.
 */
export interface SavedRows<K, V extends object> {
  get(key: K): { values: V; version: number } | undefined;
  set(key: K, values: V, version: number): void;
  load(rows: Iterable<[K, V, number]>): void;
  keys(): K[];
}

export function createSavedRows<K, V extends object>(): SavedRows<K, V> {
  let held = new Map<K, { values: V; version: number }>();
  return {
    get: (key) => held.get(key),
    set: (key, values, version) => void held.set(key, { values: { ...values }, version }),
    load(rows) {
      held = new Map([...rows].map(([k, values, version]) => [k, { values: { ...values }, version }]));
    },
    keys: () => [...held.keys()],
  };
}
