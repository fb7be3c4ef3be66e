import type { AppDeps } from './http/context';
import type { Registrar } from './http/registrar';
import { registerCarbohydrateReport } from './features/carbohydrate-report/report.routes';
import { ReportService } from './features/carbohydrate-report/report.service';
import type { AuthService } from './platform/auth/auth.service';
import { createMfwClient } from './platform/integrations/mfw.client';
import type { JobQueue } from './platform/jobs/job-queue';
import { createStorage } from './platform/storage/storage';
import { registerLanguages } from './features/languages/languages.routes';
import { LanguagesService } from './features/languages/languages.service';
import { registerAgents } from './features/agents/agents.routes';
import { registerDepots } from './features/depots/depots.routes';
import { registerFarms } from './features/farms/farms.routes';
import { registerLab } from './features/lab/lab.routes';
import { registerAddresses } from './features/addresses/addresses.routes';
import { registerDistributors } from './features/distributors/distributors.routes';
import { registerUsers } from './features/users/users.routes';
import { registerRoles } from './features/roles/roles.routes';
import { registerAgronomists } from './features/agronomists/agronomists.routes';
import { registerTissues } from './features/tissues/tissues.routes';
import { registerCropGrowths } from './features/cropgrowths/cropgrowths.routes';
import { registerCarbohydrates } from './features/carbohydrates/carbohydrates.routes';

/** Platform services a feature may use. */
export interface PlatformServices {
  auth: AuthService;
  jobs: JobQueue;
}

/**
 * Every feature of the product registers its routes here, one line each. A feature lives in
 * features/<name>/ and does not import another feature.
 */
export function registerFeatures(registrar: Registrar, deps: AppDeps, platform: PlatformServices): void {
  const { config } = deps;
  const mfw = createMfwClient({ url: config.MFW_URL, apiKey: config.MFW_API_KEY, timeoutMs: config.MFW_TIMEOUT_MS });
  const storage = createStorage(config);
  registerCarbohydrateReport(registrar, new ReportService(deps.db, platform.jobs, storage, mfw, deps.log));
  registerLanguages(registrar, new LanguagesService(deps.db));
  registerAgents(registrar, deps.db);
  registerDepots(registrar, deps.db);
  registerFarms(registrar, deps.db);
  registerLab(registrar, deps);
  registerAddresses(registrar, deps);
  registerDistributors(registrar, deps);
  registerUsers(registrar, deps, platform);
  registerRoles(registrar, deps);
  registerAgronomists(registrar, deps);
  registerTissues(registrar, deps);
  registerCropGrowths(registrar, deps);
  registerCarbohydrates(registrar, deps);
}
