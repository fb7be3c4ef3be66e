import type { FeatureModule } from '../../platform/features/feature-module';
import { submissionKeeps, submissionMovers } from './submissions.movers';
import { seedSubmissionsDemo } from './submissions.demo';
import { registerSubmissions } from './submissions.routes';

/** Submissions of leaf and soil samples to a lab (/submissions, /farmerssamplesubmissions). */
export const submissionsFeature: FeatureModule = {
  name: 'submissions',
  owns: ['submissions', 'submission_samples', 'submission_events', 'submission_files', 'submission_posts', 'submission_unmatched'],
  register: registerSubmissions,
  movers: submissionMovers,
  keeps: submissionKeeps,
  demo: (deps) => seedSubmissionsDemo(deps),
};

/** The one place a submission's results are read from (issue 31): its own lab order's, and what matched no row. */
export { type UnmatchedSample, OwnResultsRepository, ownResults } from './own-results.repository';

/** Why a sample shows no values, by the lab result view's one rule: for the reports made of a submission (ADR 0252). */
export { noResultReasons } from './no-result-reasons';
