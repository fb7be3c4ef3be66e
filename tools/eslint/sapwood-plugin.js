// Local ESLint rules of this repository (used by eslint.config.js).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');
const ALIASES = { '@sapwood/contracts': join(root, 'packages/contracts/src/index.ts') };
const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];
// import/export … from '…', import '…', import('…'): type-only ones included
const SPECIFIERS = /(?:^|[\s;}])(?:import|export)\s(?:[^'"`;]*?\sfrom\s)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** A source file's own path for an import specifier, or null when it is a package (outside the repo). */
function resolveSpecifier(from, spec) {
  let base;
  if (ALIASES[spec]) return ALIASES[spec];
  if (spec.startsWith('@sapwood/contracts/')) base = join(root, 'packages/contracts/src', spec.slice('@sapwood/contracts/'.length));
  else if (spec.startsWith('.')) base = resolve(dirname(from), spec);
  else return null;
  base = base.replace(/\.js$/, '');
  if (existsSync(base) && statSync(base).isFile()) return base;
  for (const ext of EXTENSIONS) if (existsSync(base + ext)) return base + ext;
  return null;
}

/** The files one file imports (values and types alike), read from disk and kept for the lint run. */
const importsCache = new Map();
function importsOf(file, text) {
  if (text === undefined && importsCache.has(file)) return importsCache.get(file);
  let source = text;
  if (source === undefined) {
    try {
      source = readFileSync(file, 'utf8');
    } catch {
      source = '';
    }
  }
  const found = new Set();
  for (const m of source.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '').matchAll(SPECIFIERS)) {
    const target = resolveSpecifier(file, m[1] ?? m[2]);
    if (target) found.add(target);
  }
  const list = [...found];
  if (text === undefined) importsCache.set(file, list);
  return list;
}

/** A path of imports from `start` back to `file`, or null. */
function cycleThrough(file, start) {
  const seen = new Set([start]);
  const queue = [[start, [start]]];
  while (queue.length) {
    const [current, route] = queue.shift();
    for (const next of importsOf(current)) {
      if (next === file) return route;
      if (seen.has(next)) continue;
      seen.add(next);
      queue.push([next, [...route, next]]);
    }
  }
  return null;
}

const rel = (p) => p.slice(root.length + 1);

/**
 * no-cycle-with-types: like import-x/no-cycle, but type-only imports count too (import-x skips them): an
 * `import type` between two modules still ties them together, and two such cycles had crept in.
 */
const noCycleWithTypes = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles, type-only imports included' },
    schema: [],
    messages: { cycle: 'Import cycle (type-only imports count): {{route}}' },
  },
  create(context) {
    const file = context.physicalFilename;
    if (!file || file === '<text>' || !file.startsWith(root)) return {};
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string') return;
      const target = resolveSpecifier(file, spec);
      if (!target || target === file) return;
      const route = cycleThrough(file, target);
      if (route) context.report({ node: node.source, messageId: 'cycle', data: { route: [file, ...route, file].map(rel).join(' → ') } });
    };
    // the file being linted is read from the editor's text, not the disk
    importsCache.set(file, importsOf(file, context.sourceCode.text));
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default { meta: { name: 'sapwood' }, rules: { 'no-cycle-with-types': noCycleWithTypes } };
