import type { FeatureModule } from '../../platform/features/feature-module';
import * as m0270 from './migrations/0270_quality_control';
import * as m0300 from './migrations/0300_controls_required';
import { seedQcDemo } from './qc.demo';
import { registerQc } from './qc.routes';

/** What other server features may use of QC: the hold check of the report and upload, and the controls of a report's runs. */
export { controlsOfResults, refuseHeldResults } from './qc-holds';
/** The one rule of a held job as SQL, for the results list's marker (ADR 0253); the one rule of a job's missing controls, for the lab's job state. */
export { controlsMissingOfJob, qcHoldOfJob, type ControlsMissing } from './qc-holds.repository';
/** What the lab feature uses: a new job's control rows, added in the job card's transaction. */
export { addJobControls } from './qc-new-controls';

/** Quality control of the carbohydrate runs: control materials, job controls, Westgard holds, Levey–Jennings charts (issue 37). */
export const qcFeature: FeatureModule = {
  name: 'qc',
  owns: ['qc_control_lots', 'qc_job_controls', 'qc_settings'],
  register: registerQc,
  migrations: { '0270_quality_control': m0270, '0300_controls_required': m0300 },
  demo: (deps) => seedQcDemo(deps.db),
};
