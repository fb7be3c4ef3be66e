import { farmersSubmissionEndpoints, submissionEndpoints } from '@sapwood/contracts';
import { JsonText } from '../../http/json-text';
import { lean } from '../../http/lean-router';
import type { Registrar } from '../../http/registrar';
import type { FeatureContext } from '../../platform/features/feature-module';
import { SubmissionLabJobs } from './submission-labs.job';
import { registerSubmissionFiles } from './submission-files.routes';
import { registerSubmissionPosting } from './submission-posting.routes';
import { registerSubmissionResults } from './submission-results.routes';
import { SubmissionListsRepository } from './submissions-list.repository';
import { SubmissionsService } from './submissions.service';

export function registerSubmissions(registrar: Registrar, deps: FeatureContext): void {
  const labJobs = new SubmissionLabJobs(deps.db, deps.jobs, deps.labs, deps.log);
  // every app server schedules the poll; the job queue's dedupe key runs one at a time
  labJobs.schedule(deps.config.LAB_POLL_INTERVAL_MINUTES);
  const submissions = new SubmissionsService(deps.db, deps.labs, labJobs.queueSend);
  const lists = new SubmissionListsRepository(deps.db);
  for (const [kind, endpoints] of [['leaf', submissionEndpoints], ['soil', farmersSubmissionEndpoints]] as const) {
    registrar.feature(endpoints, {
      pending: lean(async (input) => JsonText.page(await submissions.pending(kind, input))),
      prepare: (input) => submissions.prepare(kind, input.testDataIds),
      submit: (input, ctx) => submissions.submit(kind, input, ctx.user.id),
      waiting: lean(async (input) => JsonText.page(await lists.state(kind, 'Waiting').read(input))),
      results: lean(async (input) => JsonText.page(await lists.state(kind, 'Results').read(input))),
      completed: lean(async (input) => JsonText.page(await lists.state(kind, 'Completed').read(input))),
      archived: lean(async (input) => JsonText.page(await lists.state(kind, 'Archived').read(input))),
      manualLabId: (input, ctx) => submissions.linkLabJob(kind, input.submissionId, input.labJobId, ctx.user.id),
      delete: (input, ctx) => submissions.delete(kind, input.id, ctx.user.id),
      resend: (input, ctx) => submissions.resend(kind, input.id, input.rowVersion, ctx.user.id),
      ...(kind === 'leaf' ? {
        archiveLeafs: (input: { ids: number[] }, ctx: { user: { id: number } }) => submissions.archiveEntries(input.ids, ctx.user.id),
        cropCodes: () => submissions.cropCodes(),
      } : {}),
    });
  }
  registerSubmissionResults(registrar, deps);
  registerSubmissionFiles(registrar, deps);
  registerSubmissionPosting(registrar, deps);
}
