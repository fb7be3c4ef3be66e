import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { snack } from './notify';

const SRC = fileURLToPath(new URL('..', import.meta.url));
function* sources(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sources(path);
    else if (/\.tsx?$/.test(name) && !name.endsWith('.test.ts')) yield path;
  }
}

describe('one wording for save snacks', () => {
  it('reads what changed, then what happened to it', () => {
    expect(snack.updated('Tissue')).toBe('Tissue updated');
    expect(snack.deleted('Address')).toBe('Address deleted');
  });

  it('no screen words an outcome snack itself: no bare "success", no hand-written "… updated"/"… deleted"', () => {
    const offenders: string[] = [];
    for (const file of sources(SRC)) {
      if (file.endsWith('lib/notify.ts')) continue;
      const text = readFileSync(file, 'utf8');
      const bad = /notify\.success\('success'\)|success: 'success'|'[A-Z][\w -]* (updated|deleted|added|archived)'/.exec(text);
      if (bad) offenders.push(`${relative(SRC, file)}: ${bad[0]}`);
    }
    expect(offenders).toEqual([]);
  });
});
