// Builds what `npm start` runs, each part only when its sources changed since its last build (ADR 0115):
// - the server: apps/server/src and packages/contracts bundled by esbuild into apps/server/dist/main.mjs (the
//   packages of node_modules stay outside the bundle but for the few of BUNDLED), run by plain node: no TypeScript compiler at start;
// - the web app: Vite's build into apps/web/dist (with its .br and .gz copies).
// A part's stamp (node_modules/.cache/sapwood-*.stamp) holds a digest of its sources' paths, sizes and times.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const CACHE = 'node_modules/.cache';
const SKIP = /(^|\/)(node_modules|dist)(\/|$)|\.test\.tsx?$/;

function files(path) {
  if (!existsSync(path)) return [];
  const s = statSync(path);
  if (!s.isDirectory()) return [path];
  return readdirSync(path).flatMap((f) => {
    const p = join(path, f);
    return SKIP.test(p) ? [] : files(p);
  });
}

function digest(paths) {
  const h = createHash('sha256');
  for (const f of paths.flatMap(files).sort()) {
    const s = statSync(f);
    h.update(`${f}\0${s.size}\0${s.mtimeMs}\n`);
  }
  return h.digest('hex');
}

/** Runs `build` unless `output` exists and the sources' digest is the stamp's; answers whether it built. */
async function buildIfChanged(name, sources, output, build) {
  const stamp = join(CACHE, `sapwood-${name}.stamp`);
  const now = digest(sources);
  if (existsSync(output) && existsSync(stamp) && readFileSync(stamp, 'utf8') === now) return false;
  await build();
  mkdirSync(CACHE, { recursive: true });
  writeFileSync(stamp, now);
  return true;
}

// the recipe itself too: a changed build (what it bundles, what it defines) must rebuild
const SHARED = ['packages/contracts/src', 'package-lock.json', 'tsconfig.json', 'scripts/build-server.mjs'];

/**
 * The feature folders' files the server loads, as apps/server/src/features.ts finds them on the disk (each
 * `<name>/index.ts` and every `…/migrations/NNNN_name.ts`): the bundle has no source folders to read.
 */
export function featureFiles(dir = 'apps/server/src/features', prefix = '') {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const path = `${prefix}${d.name}`;
    if (d.isDirectory()) return featureFiles(join(dir, d.name), `${path}/`);
    return (prefix.split('/').length === 2 && d.name === 'index.ts') || /(^|\/)migrations\/\d{4}_[^/.]+\.ts$/.test(path) ? [path] : [];
  });
}

/**
 * The features' files are loaded by a path made at run time (apps/server/src/features.ts), so esbuild bundles every
 * file under features/ that the path could name, tests among them; a test file's static imports (vitest, and pdfkit
 * and sharp, which the app itself loads only when first used) would then be loaded at every start. A test file is
 * bundled as an empty module instead: the server never imports one.
 */
const noTests = {
  name: 'no-test-files',
  setup(build) {
    build.onLoad({ filter: /\.test\.tsx?$/ }, () => ({ contents: 'export {};', loader: 'js' }));
  },
};

/**
 * The packages bundled into the server (ADR 0246): pure ESM libraries of hundreds of small files,
 * which node would find, read and link one by one at every start (measured: kysely about 200 ms, zod about 100 ms of a
 * restart's module loading). zod-openapi goes with zod so that both use one zod; the contracts are the app's own (an
 * alias to their sources). Every other package stays in
 * node_modules, loaded by node as it is (native addons, files read beside their code, CommonJS).
 */
const BUNDLED = new Set(['kysely', 'zod', 'zod-openapi', '@sapwood/contracts']);
const packageOf = (path) => path.split('/').slice(0, path.startsWith('@') ? 2 : 1).join('/');
const onlyBundled = {
  name: 'only-bundled-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => (BUNDLED.has(packageOf(args.path)) ? undefined : { path: args.path, external: true }));
  },
};

export function buildServer() {
  return buildIfChanged('server', ['apps/server/src', ...SHARED], 'apps/server/dist/main.mjs', async () => {
    const esbuild = await import('esbuild');
    await esbuild.build({
      entryPoints: ['apps/server/src/main.ts'],
      outfile: 'apps/server/dist/main.mjs',
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      alias: { '@sapwood/contracts': './packages/contracts/src/index.ts' },
      define: { __SAPWOOD_FEATURE_FILES__: JSON.stringify(featureFiles()) },
      sourcemap: 'linked',
      logLevel: 'warning',
      plugins: [noTests, onlyBundled],
    });
    // the template a new embedded database starts from (apps/server/src/db/template.ts, ADR 0175): built by the
    // migrations of this same build, so a new DATA_DIR needs neither its database's files made nor a migration run
    await esbuild.build({
      entryPoints: ['apps/server/src/db/template.ts'],
      outfile: 'apps/server/dist/template.mjs',
      bundle: true, platform: 'node', format: 'esm', target: 'node20',
      alias: { '@sapwood/contracts': './packages/contracts/src/index.ts' },
      define: { __SAPWOOD_FEATURE_FILES__: JSON.stringify(featureFiles()) },
      logLevel: 'warning',
      plugins: [noTests, onlyBundled],
    });
    await esbuild.stop();
    execFileSync(process.execPath, ['apps/server/dist/template.mjs', 'apps/server/dist/empty-database.tar'], { stdio: 'inherit' });
  });
}

export function buildWeb() {
  const sources = ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', ...SHARED];
  return buildIfChanged('web', sources, 'apps/web/dist/index.html', () => {
    execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--config', 'apps/web/vite.config.ts', '--logLevel', 'warn'], {
      // a production build whatever NODE_ENV the caller has (under NODE_ENV=test Vite builds React's development code)
      stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production', VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
    });
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log((await buildWeb()) ? 'Built the web app.' : 'The web app is up to date.');
  console.log((await buildServer()) ? 'Built the server.' : 'The server is up to date.');
}
