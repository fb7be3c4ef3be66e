import type { Migration } from 'kysely';
import { coreMigrations } from './db/migrations';
import type { Database } from './db/schema';
import type { AppDeps } from './http/context';
import type { Registrar } from './http/registrar';
import type { FeatureContext, FeatureModule, TextKey } from './platform/features/feature-module';
import { ReferenceMovers } from './platform/references/movers';
import { addressesFeature } from './features/addresses';
import { agentsFeature } from './features/agents';
import { agronomistsFeature } from './features/agronomists';
import { carbohydrateReportFeature } from './features/carbohydrate-report';
import { carbohydratesFeature } from './features/carbohydrates';
import { cropGrowthsFeature } from './features/cropgrowths';
import { depotsFeature } from './features/depots';
import { distributorsFeature } from './features/distributors';
import { drisGraphsFeature } from './features/drisgraphs';
import { farmsFeature } from './features/farms';
import { labminsFeature } from './features/labmins';
import { leafsFeature } from './features/leafs';
import { leafReportFeature } from './features/leaf-report';
import { labFeature } from './features/lab';
import { qcFeature } from './features/qc';
import { languagesFeature } from './features/languages';
import { preferencesFeature } from './features/preferences';
import { rolesFeature } from './features/roles';
import { submissionsFeature } from './features/submissions';
import { tissuesFeature } from './features/tissues';
import { usersFeature } from './features/users';

/**
 * Every feature of the product, one line each: the app collects routes, migrations, reference movers, text
 * keys and demo data from these modules (features/<name>/index.ts). A feature lives in features/<name>/ and
 * uses another only through that feature's index.ts (lint: eslint.config.js).
 *
 * The order is the demo data's order: agents and depots, farms, addresses, agronomists, crops (with their
 * tissues), distributors, then the lab's jobs, which use the crops, tissues, stages, agents and agronomists.
 */
export const features: readonly FeatureModule[] = [
  agentsFeature,
  depotsFeature,
  farmsFeature,
  labminsFeature,
  addressesFeature,
  agronomistsFeature,
  tissuesFeature,
  cropGrowthsFeature,
  distributorsFeature,
  labFeature,
  qcFeature,
  carbohydrateReportFeature,
  languagesFeature,
  usersFeature,
  rolesFeature,
  carbohydratesFeature,
  drisGraphsFeature,
  leafsFeature,
  submissionsFeature,
  leafReportFeature,
  preferencesFeature,
];

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

export function registerFeatures(registrar: Registrar, ctx: FeatureContext): void {
  for (const f of features) f.register(registrar, ctx);
}

/** The core migrations and every feature's own, by name (the migrator sorts them). */
export function allMigrations(): Record<string, Migration> {
  const all: Record<string, Migration> = { ...coreMigrations };
  for (const f of features) {
    for (const [name, m] of Object.entries(f.migrations ?? {})) {
      if (all[name]) throw new Error(`Migration ${name} is declared twice`);
      all[name] = m;
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
