import { farmersSubmissionPostingEndpoints, submissionPostingEndpoints } from '@sapwood/contracts';
import type { Registrar } from '../../http/registrar';
import type { FeatureContext } from '../../platform/features/feature-module';
import { SubmissionPostingService } from './submission-posting.service';

/** Posting a completed submission of either kind to the farm-management system (issue 15). */
export function registerSubmissionPosting(registrar: Registrar, deps: FeatureContext): void {
  const posting = new SubmissionPostingService(deps.db, deps.mfw);
  for (const [kind, endpoints] of [['leaf', submissionPostingEndpoints], ['soil', farmersSubmissionPostingEndpoints]] as const) {
    registrar.feature(endpoints, { postToMfw: (input, ctx) => posting.post(kind, input.id, ctx.user.id) });
  }
}
