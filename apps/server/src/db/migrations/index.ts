import type { Migration } from 'kysely';
import * as m0001 from './0001_platform';
import * as m0002 from './0002_reference';
import * as m0003 from './0003_carbohydrates';
import * as m0080 from './0080_reports';
import * as m0030 from './0030_reference_list_versions';
import * as m0035 from './0035_addresses_distributors';
import * as m0020 from './0020_users_roles_versions';
import * as m0050 from './0050_carbohydrate_reference_versions';
import * as m0100 from './0100_auth_change_notify';
import * as m0110 from './0110_auth_attempts';
import * as m0180 from './0180_job_dedupe_results';
import * as m0190 from './0190_submissions';
import * as m0220 from './0220_installation';
import * as m0225 from './0225_settings_version';
import * as m0237 from './0237_job_progress_message';
import * as m0242 from './0242_error_reports';

/**
 * The core migrations: the platform's and the baseline ones that span several features (each changes a
 * platform table or tables of two features or more; apps/server/test/table-owners.test.ts checks it). A
 * migration that changes only one feature's tables lives in that feature's folder (`migrations/`, found there,
 * and changing no other feature's table; the same test checks it); apps/server/src/features.ts joins them all
 * (`allMigrations`). Names sort globally (the migrator runs them by
 * name and records each by name), so a migration moved between folders under its own name is the same one to
 * a database that ran it. Never rename or edit one that has shipped.
 */
export const coreMigrations: Record<string, Migration> = {
  '0001_platform': m0001,
  '0002_reference': m0002,
  '0003_carbohydrates': m0003,
  '0080_reports': m0080,
  '0030_reference_list_versions': m0030,
  '0035_addresses_distributors': m0035,
  '0020_users_roles_versions': m0020,
  '0050_carbohydrate_reference_versions': m0050,
  '0100_auth_change_notify': m0100,
  '0110_auth_attempts': m0110,
  '0180_job_dedupe_results': m0180,
  '0190_submissions': m0190,
  '0220_installation': m0220,
  '0225_settings_version': m0225,
  '0237_job_progress_message': m0237,
  '0242_error_reports': m0242,
};
