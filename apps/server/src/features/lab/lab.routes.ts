import { labEndpoints } from '@sapwood/contracts';
import type { Registrar } from '../../http/registrar';
import type { FeatureContext } from '../../platform/features/feature-module';
import { exportJob } from './lab-export';
import { LabJobsService } from './lab-jobs.service';
import { LabReferenceService } from './lab-reference.service';
import { LabResultsService } from './lab-results.service';

/** /api/lab/*: lab jobs, job cards, results (permission LabJobs; the reference lists need a session only). */
export function registerLab(registrar: Registrar, deps: FeatureContext): void {
  const reference = new LabReferenceService(deps.db);
  const jobs = new LabJobsService(deps.db, reference.repo);
  const results = new LabResultsService(deps.db);
  registrar.feature(labEndpoints, {
    jobs: (input) => jobs.list('current', input),
    jobsCompleted: (input) => jobs.list('completed', input),
    jobsArchived: (input) => jobs.list('downloaded', input),
    all: (input) => jobs.list('all', input),
    getData: (input) => jobs.getData(input.id),
    upsertJob: (input, ctx) => jobs.upsert(input, ctx.user.id),
    deleteJob: (input, ctx) => jobs.delete(input.id, input.rowVersion, ctx.user.id),
    upsertCarbohydrateResult: (input, ctx) => jobs.upsertEntry(input, ctx.user.id),
    matches: (input) => reference.matches(input.value, input.jobId ?? null),
    suggestions: () => reference.suggestions(),
    jobData: (input) => results.jobData(input.id),
    updateResult: (input, ctx) => results.updateOne(input, ctx.user.id),
    updateResults: (input, ctx) => results.updateMany(input, ctx.user.id),
    removeResult: (input, ctx) => results.remove(input, ctx.user.id),
    archiveJob: (input, ctx) => jobs.archive(input.map((j) => j.id), ctx.user.id),
    exportJob: (input, ctx) => exportJob(ctx.reply, jobs.jobs, jobs.entries, deps.db, input.id),
    cropsActive: () => reference.cropsActive(),
    tissueTypes: () => reference.tissues(false),
    tissueTypesActive: () => reference.tissues(true),
  });
}
