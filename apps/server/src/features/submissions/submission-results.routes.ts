import { farmersSubmissionResultEndpoints, submissionResultEndpoints } from '@sapwood/contracts';
import type { Registrar } from '../../http/registrar';
import type { FeatureContext } from '../../platform/features/feature-module';
import { ManualEntryService } from './manual-entry.service';
import { SubmissionStatesService } from './submission-states.service';

/** The result calls of both kinds (issue 14): the manual entry sheet and save, complete, archive, restore, the lab result view and print. */
export function registerSubmissionResults(registrar: Registrar, deps: FeatureContext): void {
  const manual = new ManualEntryService(deps.db);
  const states = new SubmissionStatesService(deps.db);
  for (const [kind, ep] of [['leaf', submissionResultEndpoints], ['soil', farmersSubmissionResultEndpoints]] as const) {
    const { sampleNumbers, updateManual, complete, archive, restore, getResults, print } = ep;
    registrar.feature({ sampleNumbers, updateManual, complete, archive, restore, getResults, print }, {
      sampleNumbers: (input) => manual.sheet(kind, input.submissionId),
      updateManual: (input, ctx) => manual.save(kind, input, ctx.user.id),
      complete: (input, ctx) => states.complete(kind, input.id, ctx.user.id),
      archive: (input, ctx) => states.archive(kind, input.id, ctx.user.id),
      restore: (input, ctx) => states.restore(kind, input.id, ctx.user.id),
      getResults: (input) => states.view(kind, input.id),
      print: (input) => states.print(kind, input.id),
    });
  }
}
