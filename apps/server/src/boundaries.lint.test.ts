import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The boundary and cycle rules of eslint.config.js (run by `npm test`'s lint step) catch what they are for:
 * a planted import of another feature's internals, and planted import cycles, value and type-only.
 */
const root = join(import.meta.dirname, '../../..');
let eslint: ESLint;

const rulesOf = (results: ESLint.LintResult[]) => results.flatMap((r) => r.messages.map((m) => m.ruleId));

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

// linting resolves and parses the files an import leads to (for the cycle rules): seconds, not milliseconds
const slow = { timeout: 120_000 };

describe('feature boundaries', slow, () => {
  it("a server feature importing another feature's internals fails; through its index.ts it passes", async () => {
    const filePath = join(root, 'apps/server/src/features/carbohydrates/planted.ts');
    const bad = await eslint.lintText("import { LabEntriesRepository } from '../lab/lab-entries.repository';\nexport const x = LabEntriesRepository;\n", { filePath });
    expect(bad[0].messages).toEqual([expect.objectContaining({ ruleId: 'import-x/no-restricted-paths', message: expect.stringContaining('features/lab/index.ts') })]);
    const good = await eslint.lintText("import { updateLabEntry } from '../lab';\nexport const x = updateLabEntry;\n", { filePath });
    expect(good[0].messages).toEqual([]);
  });

  it("a web feature importing another feature's internals fails", async () => {
    const filePath = join(root, 'apps/web/src/features/agents/Planted.tsx');
    const bad = await eslint.lintText("import { ReferenceListPage } from '../reference-lists/ReferenceListPage';\nexport const x = ReferenceListPage;\n", { filePath });
    expect(rulesOf(bad)).toContain('import-x/no-restricted-paths');
  });
});

describe('shared code and outside systems', slow, () => {
  it("the web's components/ importing app/ fails", async () => {
    const filePath = join(root, 'apps/web/src/components/ui/Planted.tsx');
    const bad = await eslint.lintText("import { MENU } from '../../app/menu';\nexport const x = MENU;\n", { filePath });
    expect(bad[0].messages).toEqual([expect.objectContaining({ ruleId: 'import-x/no-restricted-paths', message: expect.stringContaining('apps/web/src/components') })]);
  });

  it('a stand-in importing the server fails', async () => {
    const filePath = join(root, 'tools/stand-ins/planted.ts');
    const bad = await eslint.lintText("import { MAX_ROWS } from '../../apps/server/src/db/paged-query';\nexport const x = MAX_ROWS;\n", { filePath });
    expect(rulesOf(bad)).toEqual(['no-restricted-imports']);
  });

  it('a function over 80 lines of code fails; blank lines and comments do not count', async () => {
    const filePath = join(root, 'apps/server/src/platform/planted.ts');
    const body = (n: number) => Array.from({ length: n }, (_, i) => `  const v${i} = ${i};\n  // note ${i}\n`).join('');
    const code = (n: number) => `export function f() {\n${body(n)}  return 0;\n}\n`;
    expect(rulesOf(await eslint.lintText(code(90), { filePath }))).toContain('max-lines-per-function');
    expect(rulesOf(await eslint.lintText(code(70), { filePath }))).not.toContain('max-lines-per-function');
  });
});

describe('import cycles', slow, () => {
  // planted on disk (a cycle needs both files), in a folder of its own under platform/, removed afterwards
  const dir = join(root, `apps/server/src/platform/__cycle_probe_${process.pid}__`);
  beforeAll(() => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'a.ts'), "import { b } from './b';\nexport const a = () => b;\n");
    writeFileSync(join(dir, 'b.ts'), "import { a } from './a';\nexport const b = () => a;\n");
    writeFileSync(join(dir, 'c.ts'), "import type { D } from './d';\nexport interface C { d?: D }\n");
    writeFileSync(join(dir, 'd.ts'), "import type { C } from './c';\nexport interface D { c?: C }\n");
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('a value cycle fails (import-x/no-cycle and the type-counting rule)', async () => {
    const rules = rulesOf(await eslint.lintFiles([join(dir, 'a.ts')]));
    expect(rules).toContain('import-x/no-cycle');
    expect(rules).toContain('sapwood/no-cycle-with-types');
  });

  it('a type-only cycle fails too', async () => {
    expect(rulesOf(await eslint.lintFiles([join(dir, 'c.ts')]))).toEqual(['sapwood/no-cycle-with-types']);
  });
});
