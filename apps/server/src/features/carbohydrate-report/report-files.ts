import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, normalize } from 'node:path';

/** Where generated report files are kept (local disk under DATA_DIR, or memory when there is none). */
export interface FileStore {
  put(key: string, data: Buffer): Promise<void>;
  read(key: string): Promise<Buffer | null>;
}

export function localFileStore(root: string | null): FileStore {
  const memory = new Map<string, Buffer>();
  const path = (key: string) => {
    const p = normalize(join(root!, key));
    if (!p.startsWith(normalize(root!))) throw new Error('bad file key');
    return p;
  };
  return {
    async put(key, data) {
      if (!root) return void memory.set(key, data);
      await mkdir(dirname(path(key)), { recursive: true });
      await writeFile(path(key), data);
    },
    async read(key) {
      if (!root) return memory.get(key) ?? null;
      return readFile(path(key)).catch(() => null);
    },
  };
}
