import { readdirSync } from 'node:fs';
import type { Migration } from 'kysely';
import { coreMigrations } from './db/migrations';
import type { Database } from './db/schema';
import type { AppDeps } from './http/context';
import type { Registrar } from './http/registrar';
import { FEATURE_SERVICES, type FeatureContext, type FeatureModule, type FeatureServices, type TextKey } from './platform/features/feature-module';
import { ReferenceMovers } from './platform/references/movers';

/**
 * The feature folders' files the app loads, relative to features/: each `<name>/index.ts` and every
 * migration (`…/migrations/NNNN_name.ts`, at any depth). Read from the disk; the server's bundle
 * (scripts/build-server.mjs) is given the same list at build time, read by the same rule.
 */
declare const __SAPWOOD_FEATURE_FILES__: string[] | undefined;

const MIGRATION_FILE = /(^|\/)migrations\/\d{4}_[^/.]+\.ts$/;

function featureFiles(dir = new URL('./features/', import.meta.url), prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const path = `${prefix}${d.name}`;
    if (d.isDirectory()) return featureFiles(new URL(`${d.name}/`, dir), `${path}/`);
    return (prefix.split('/').length === 2 && d.name === 'index.ts') || MIGRATION_FILE.test(path) ? [path] : [];
  });
}

const files = (typeof __SAPWOOD_FEATURE_FILES__ === 'undefined' ? featureFiles() : __SAPWOOD_FEATURE_FILES__).sort();
// a path found at run time: Vite leaves it to Node; esbuild bundles every file the template can match
const loaded = await Promise.all(files.map(async (file) => ({ file, exports: (await import(/* @vite-ignore */ `./features/${file}`)) as Record<string, unknown> })));

const isFeatureModule = (v: unknown): v is FeatureModule =>
  typeof v === 'object' && v !== null && typeof (v as FeatureModule).register === 'function' && Array.isArray((v as FeatureModule).owns);

/**
 * The features whose demo data uses another's, in the order their demo data is seeded: agents and depots,
 * farms, the lab crops, addresses, agronomists, crops (with their tissues), distributors, then the lab's
 * jobs, which use the crops, tissues, stages, agents and agronomists. Every other feature follows, by name.
 */
const DEMO_ORDER = ['agents', 'depots', 'farms', 'labmins', 'addresses', 'agronomists', 'tissues', 'cropgrowths', 'distributors', 'lab', 'qc', 'carbohydrate-report', 'languages', 'users', 'roles', 'carbohydrates', 'drisgraphs', 'leafs', 'submissions', 'leaf-report'];
const rank = (name: string) => (DEMO_ORDER.includes(name) ? DEMO_ORDER.indexOf(name) : DEMO_ORDER.length);

/**
 * Every feature of the product, found in its folder: a folder under features/ whose index.ts exports a
 * FeatureModule named after the folder (features/reference-lists is shared code and exports none). The app
 * collects routes, migrations, reference movers, text keys and demo data from these modules. A feature uses
 * another only through that feature's index.ts (lint: eslint.config.js).
 */
export const features: readonly FeatureModule[] = loaded
  .filter((l) => l.file.endsWith('/index.ts') && !MIGRATION_FILE.test(l.file))
  .flatMap(({ file, exports }) => {
    const modules = Object.values(exports).filter(isFeatureModule);
    const folder = file.split('/')[0];
    if (modules.length > 1 || modules.some((m) => m.name !== folder)) throw new Error(`features/${file} must export one feature module named '${folder}'`);
    return modules;
  })
  .sort((a, b) => rank(a.name) - rank(b.name) || a.name.localeCompare(b.name));

/** Every feature's migrations, by name: the files in its folders' migrations/ (their names are global). */
const featureMigrations: ReadonlyMap<string, { file: string; migration: Migration }> = new Map(
  loaded.filter((l) => MIGRATION_FILE.test(l.file)).map(({ file, exports }) => [file.replace(/^.*\//, '').replace(/\.ts$/, ''), { file, migration: exports as unknown as Migration }]),
);

/** Tables no feature owns: the platform's (sessions, sign-in attempts, settings, audit, versions, background jobs, crash reports). */
export const PLATFORM_TABLES: readonly (keyof Database)[] = ['sessions', 'password_tokens', 'auth_attempts', 'settings', 'audit_log', 'app_versions', 'background_jobs', 'installation', 'error_reports'];

/** table → the one feature that writes it ('platform' for PLATFORM_TABLES). Throws when two claim a table. */
export function tableOwners(list: readonly FeatureModule[] = features): Map<string, string> {
  const owners = new Map<string, string>(PLATFORM_TABLES.map((t) => [t, 'platform']));
  for (const f of list) {
    for (const t of f.owns) {
      const other = owners.get(t);
      if (other) throw new Error(`Table ${t} is claimed by ${other} and ${f.name}`);
      owners.set(t, f.name);
    }
  }
  return owners;
}

/** The registry of every feature's reference movers (and the referring columns kept on purpose). */
export function referenceMovers(list: readonly FeatureModule[] = features): ReferenceMovers {
  return new ReferenceMovers(list.flatMap((f) => f.movers ?? []), list.flatMap((f) => f.keeps ?? []));
}

/** What the features provide one another (each module's `provides`): every service of FeatureServices, by exactly one feature. */
export function featureServices(list: readonly FeatureModule[] = features): FeatureServices {
  const by = new Map<string, { feature: string; service: unknown }>();
  for (const f of list) {
    for (const [name, service] of Object.entries(f.provides ?? {})) {
      const other = by.get(name);
      if (other) throw new Error(`Service ${name} is provided by ${other.feature} and ${f.name}`);
      by.set(name, { feature: f.name, service });
    }
  }
  for (const name of Object.keys(FEATURE_SERVICES)) if (!by.has(name)) throw new Error(`No feature provides the service ${name}`);
  return Object.fromEntries([...by].map(([name, { service }]) => [name, service])) as unknown as FeatureServices;
}

export function registerFeatures(registrar: Registrar, ctx: FeatureContext): void {
  for (const f of features) f.register(registrar, ctx);
}

/**
 * The core migrations (db/migrations) and every feature's own (features/<name>/…/migrations), by name; the
 * migrator runs them sorted by name and records each by name, so where a file lives is no part of its identity.
 */
export function allMigrations(): Record<string, Migration> {
  const all: Record<string, Migration> = { ...coreMigrations };
  for (const [name, { file, migration }] of featureMigrations) {
    if (all[name]) throw new Error(`Migration ${name} is declared twice (features/${file} and db/migrations)`);
    all[name] = migration;
  }
  for (const f of features) {
    for (const name of Object.keys(f.migrations ?? {})) {
      // a module may still list its migrations: each must be one of the files found in its folder
      if (!featureMigrations.get(name)?.file.startsWith(`${f.name}/`)) throw new Error(`Migration ${name} of ${f.name} is not a file in its migrations/`);
    }
  }
  return all;
}

/** The reference text keys the features declare (the languages feature's own list adds the shared ones). */
export function featureTextKeys(): TextKey[] {
  return features.flatMap((f) => f.textKeys ?? []);
}

/** Every feature's demo data, in the order of `features`. */
export async function seedFeatureDemos(deps: AppDeps): Promise<void> {
  for (const f of features) await f.demo?.(deps);
}
