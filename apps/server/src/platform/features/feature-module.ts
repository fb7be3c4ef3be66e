import type { Migration } from 'kysely';
import type { JobStatus } from '@sapwood/contracts';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import type { AppDeps } from '../../http/context';
import type { Registrar } from '../../http/registrar';
import type { AuthService } from '../auth/auth.service';
import type { Labs } from '../integrations/lab-crops';
import type { MfwClient } from '../integrations/mfw.client';
import type { JobQueue } from '../jobs/job-queue';
import type { KeptReference, ReferenceMover, ReferenceMovers } from '../references/movers';
import type { FileStorage } from '../storage/storage';

/** What every feature's `register` gets: the app's deps and the platform services, one object. */
export interface FeatureContext extends AppDeps {
  auth: AuthService;
  jobs: JobQueue;
  storage: FileStorage;
  mfw: MfwClient;
  /** the two outside labs */
  labs: Labs;
  /** the registry of reference movers: archive/reassign paths call `references.move(tx, …)` */
  references: ReferenceMovers;
  /** what features provide one another (`FeatureModule.provides`) */
  services: FeatureServices;
}

/**
 * What a feature offers features that may not import its index.ts because that would close an import cycle (the
 * lab imports QC, so QC cannot import the lab). The owner declares it in its module's `provides`; features.ts
 * collects every module's (each service provided once) and each `register` gets them as `ctx.services`, as
 * `ctx.references` holds every feature's movers. ADR 0190.
 */
export interface FeatureServices {
  /** the lab's: a job's state (current, completed, downloaded; lab-jobs.repository), read in the caller's transaction */
  labJobStatus(db: Db, jobId: number): Promise<JobStatus>;
}

/** The services, by name (features.ts checks that each is provided). */
export const FEATURE_SERVICES: Readonly<Record<keyof FeatureServices, true>> = { labJobStatus: true };

/** A reference text the feature needs seeded: [key, frontend, English, Afrikaans] (see features/languages). */
export type TextKey = [key: string, frontend: boolean, english: string, afrikaans: string];

/**
 * One server feature, as the app collects it (apps/server/src/features.ts): its routes, the tables it alone
 * writes, the movers of its tables' references to reference items, its own migrations, text keys and demo data.
 */
export interface FeatureModule {
  /** the folder name under apps/server/src/features */
  name: string;
  register(registrar: Registrar, ctx: FeatureContext): void;
  /** the tables only this feature writes; others read them, and change them only through this feature's index.ts */
  owns: readonly (keyof Database)[];
  /** movers for this feature's tables that refer to reference items */
  movers?: readonly ReferenceMover[];
  /** referring columns of this feature's tables that deliberately do not move, with the reason */
  keeps?: readonly KeptReference[];
  /**
   * Not needed: a feature's migrations are the files of its `migrations/` folders, found by features.ts (names
   * are global and sort with every other migration). A module that still lists them must name those files.
   */
  migrations?: Record<string, Migration>;
  /** what this feature offers features that may not import it (FeatureServices) */
  provides?: Partial<FeatureServices>;
  /** reference texts this feature needs; seeded on every start with the languages feature's own */
  textKeys?: readonly TextKey[];
  /** demo data, run on a first start with SEED_DEMO in the features' order (features.ts `DEMO_ORDER`, then by name) */
  demo?(deps: AppDeps): Promise<void>;
}
