import { z } from 'zod';
import { Id, RowVersion, formInt, int, text } from '../fields';
import { Empty, MEDIA, NOT_FOUND, Ok, endpoint } from '../endpoint';
import { PagedRequest, pagedResponse } from '../paging';
import {
  CropOption, JobCard, JobData, JobListItem, Match, ResultInput, Suggestions, TissueOption, UpdateResultsInput, UpsertJobEntryInput,
  UpsertJobEntryOutput, UpsertJobInput,
} from './lab-schemas';

export * from './lab-schemas';

const lab = { permission: 'LabJobs' } as const;
const JobId = z.object({ id: Id });
const JobList = pagedResponse(JobListItem);

/** Lab jobs, job cards and job results (spec part 1 §7 Lab jobs). */
export const labEndpoints = {
  jobs: endpoint({ method: 'POST', path: '/api/lab/jobs', writes: 'nothing', access: lab, input: PagedRequest, output: JobList, summary: 'CURRENT jobs' }),
  jobsCompleted: endpoint({ method: 'POST', path: '/api/lab/jobscompleted', writes: 'nothing', access: lab, input: PagedRequest, output: JobList }),
  jobsArchived: endpoint({ method: 'POST', path: '/api/lab/jobsarchived', writes: 'nothing', access: lab, input: PagedRequest, output: JobList }),
  all: endpoint({ method: 'POST', path: '/api/lab/all', writes: 'nothing', access: lab, input: PagedRequest, output: JobList, summary: 'every job' }),
  getData: endpoint({ method: 'POST', path: '/api/lab/getdata', writes: 'nothing', answers: { 404: NOT_FOUND }, access: lab, input: JobId, output: JobCard, summary: 'a job card with its entries' }),
  upsertJob: endpoint({
    method: 'POST', path: '/api/lab/upsertjob', writes: { version: 'rowVersion' }, answers: { 404: NOT_FOUND }, access: lab, input: UpsertJobInput,
    output: z.object({ id: z.number(), rowVersion: z.number() }),
  }),
  deleteJob: endpoint({
    method: 'POST', path: '/api/lab/deletejob', writes: { version: 'rowVersion' }, answers: { 404: NOT_FOUND }, access: lab, input: z.object({ id: Id, rowVersion: RowVersion }), output: Ok,
    summary: 'deletes a job created by mistake, while none of its entries has a result (409 otherwise)',
  }),
  upsertCarbohydrateResult: endpoint({
    method: 'POST', path: '/api/lab/upsertcarbohydrateresult', writes: { version: 'jobRowVersion' }, answers: { 404: NOT_FOUND }, access: lab, input: UpsertJobEntryInput, output: UpsertJobEntryOutput,
    summary: 'saves one entry of a job card (adds it without an id)',
  }),
  matches: endpoint({
    method: 'POST', path: '/api/lab/matches', writes: 'nothing', access: lab,
    input: z.object({ value: text({ max: 64 }), jobId: int().nullable().optional() }),
    output: z.array(Match),
  }),
  suggestions: endpoint({ method: 'POST', path: '/api/lab/suggestions', writes: 'nothing', access: lab, input: Empty, output: Suggestions }),
  jobData: endpoint({ method: 'POST', path: '/api/lab/jobdata', writes: 'nothing', answers: { 404: NOT_FOUND }, access: lab, input: JobId, output: JobData }),
  updateResult: endpoint({
    method: 'POST', path: '/api/lab/updateresult', writes: { version: 'rowVersion' }, answers: { 404: NOT_FOUND }, access: lab, input: ResultInput,
    output: z.object({ id: z.number(), rowVersion: z.number() }),
  }),
  updateResults: endpoint({
    method: 'POST', path: '/api/lab/updateresults', writes: { version: 'rowVersion' }, answers: { 404: NOT_FOUND }, access: lab, input: UpdateResultsInput,
    output: z.object({ rows: z.array(z.object({ id: z.number(), rowVersion: z.number() })) }),
  }),
  removeResult: endpoint({ method: 'POST', path: '/api/lab/removeresult', writes: { unversioned: 'removes', reason: 'removes the chosen results (audited with their values)' }, answers: { 404: NOT_FOUND }, access: lab, input: z.array(Id).max(5000), output: Ok }),
  archiveJob: endpoint({ method: 'POST', path: '/api/lab/archivejob', writes: { unversioned: 'flag', reason: 'archives the chosen jobs' }, answers: { 404: NOT_FOUND }, access: lab, input: z.array(JobId).min(1).max(500), output: Ok }),
  exportJob: endpoint({
    method: 'GET', path: '/api/lab/exportjob', answers: { 404: NOT_FOUND }, access: lab, kind: 'file', media: [MEDIA.xlsx],
    input: z.object({ id: formInt({ min: 1, message: 'Id required' }) }), output: z.unknown(), summary: 'the results of a job as .xlsx',
  }),
  cropsActive: endpoint({ method: 'GET', path: '/api/lab/cropsactive', access: { session: true }, input: Empty, output: z.array(CropOption) }),
  tissueTypes: endpoint({ method: 'GET', path: '/api/lab/tissuetypes', access: { session: true }, input: Empty, output: z.array(TissueOption) }),
  tissueTypesActive: endpoint({ method: 'GET', path: '/api/lab/tissuetypesactive', access: { session: true }, input: Empty, output: z.array(TissueOption) }),
};
