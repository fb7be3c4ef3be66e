import type { FeatureModule } from '../../platform/features/feature-module';
import { seedCaptureResultsDemo } from './capture-results.demo';
import { seedCapturesDemo } from './leafs.demo';
import { captureMovers } from './leafs.movers';
import { registerLeafs } from './leafs.routes';

/** Leaf and soil captures pulled from the field capture app (/leafs, /farmerssampleentries). */
export const leafsFeature: FeatureModule = {
  name: 'leafs',
  owns: ['captures', 'capture_results', 'capture_groups'],
  register: registerLeafs,
  movers: captureMovers,
  demo: async (deps) => {
    await seedCapturesDemo(deps);
    await seedCaptureResultsDemo(deps);
  },
};

/** The one way other features (submissions) store a capture's lab results. */
export { CAPTURE_RESULT_MESSAGES, type CaptureResultInput, recordCaptureResults } from './capture-results.service';

/** The one way the submissions feature reads and moves captures. */
export { captureSubmissions, type EntryForSubmission, type HandSample } from './capture-submissions';

/** The Prepare tabs' lists of pending groups (the Not Completed captures by day, client and farm). */
export { PendingGroupLists } from './capture-groups.repository';
