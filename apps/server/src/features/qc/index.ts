import type { FeatureModule } from '../../platform/features/feature-module';
import * as m0270 from './migrations/0270_quality_control';
import { seedQcDemo } from './qc.demo';
import { registerQc } from './qc.routes';

/** What other server features may use of QC: the hold check of the report and upload, and the controls of a report's runs. */
export { controlsOfResults, refuseHeldResults } from './qc-holds';

/** Quality control of the carbohydrate runs: control materials, job controls, Westgard holds, Levey–Jennings charts (issue 37). */
export const qcFeature: FeatureModule = {
  name: 'qc',
  owns: ['qc_control_lots', 'qc_job_controls', 'qc_settings'],
  register: registerQc,
  migrations: { '0270_quality_control': m0270 },
  demo: (deps) => seedQcDemo(deps.db),
};
