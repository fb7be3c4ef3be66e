import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_V8_FLAGS } from './runtime-flags';

describe("the server process's V8 settings", () => {
  it('are set by the first import of the server entry, before the app is loaded', () => {
    const main = readFileSync(join(import.meta.dirname, 'main.ts'), 'utf8');
    const imports = [...main.matchAll(/^import\s+(?:[^'"]+from\s+)?['"]([^'"]+)['"]/gm)].map((m) => m[1]);
    expect(imports[0]).toBe('./runtime-flags');
    expect(imports.indexOf('./app')).toBeGreaterThan(0);
  });

  it('keep V8 from making later rows in the old generation because earlier ones lived long (ADR 0095)', () => {
    expect(SERVER_V8_FLAGS).toContain('--no-allocation-site-pretenuring');
  });
});
