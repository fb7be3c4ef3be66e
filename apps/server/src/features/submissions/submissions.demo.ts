import { type SubmissionDraft, captureFitsLab, generator, leafValues, manualColumnsOf, outsideLabOf, soilValues } from '@sapwood/contracts';
import type { AppDeps } from '../../http/context';
import { HttpError } from '../../http/errors';
import { createNvirotekClient } from '../../platform/integrations/nvirotek.client';
import { createWynlandClient } from '../../platform/integrations/wynland.client';
import { JobsRepository } from '../../platform/jobs/jobs.repository';
import { captureSubmissions } from '../leafs';
import { ManualEntryService } from './manual-entry.service';
import { SUBMISSION_SEND_JOB } from './submission-labs.job';
import { SubmissionStatesService } from './submission-states.service';
import { SubmissionsRepository } from './submissions.repository';
import { SubmissionsService } from './submissions.service';

type Kind = 'leaf' | 'soil';
/** Where a demo submission ends: waiting (no `to`), with results, completed (posted to the farm-management system or not), archived. */
type End = 'Results' | 'Completed' | 'Posted' | 'Archived';
const PLAN: { kind: Kind; lab: SubmissionDraft['lab']; to?: End }[] = [
  { kind: 'leaf', lab: 'Manual' }, { kind: 'leaf', lab: 'Nvirotek' }, { kind: 'leaf', lab: 'Wynland' },
  { kind: 'soil', lab: 'ManualFarmer' }, { kind: 'soil', lab: 'NvirotekFarmer' },
  ...(['Results', 'Completed', 'Posted', 'Archived'] as const).flatMap((to) => [{ kind: 'leaf' as const, lab: 'Manual' as const, to }, { kind: 'soil' as const, lab: 'ManualFarmer' as const, to }]),
];

/** A demo sample's values as a lab would type them: the plausible values of the demo generator (within their usual ranges), the manual row's codes only. */
const demoValues = (kind: Kind, seed: number) => {
  const r = generator(seed);
  const codes = new Set(manualColumnsOf(kind).map((c) => c.code));
  return Object.fromEntries(Object.entries(kind === 'leaf' ? leafValues(r) : soilValues(r)).filter(([code]) => codes.has(code)));
};

/**
 * Demo submissions (marked demo), made the way a user makes them (prepare, then submit through the service and
 * its rules) from the demo captures, leaving most entries on the Prepare tabs: a Manual one waiting for hand
 * entry, one to each outside lab (sent by the send job to the labs' stand-ins, whose results then trickle in
 * through the poll) and the farmers' two; then, for both screens, Manual ones whose results were typed in
 * (one with a sample typed by hand), completed (one as if posted to the farm-management system) and archived.
 * Without captures, or the agents, depots and agronomists the rules need, it makes none.
 */
export async function seedSubmissionsDemo(deps: AppDeps): Promise<void> {
  const { db, config, log } = deps;
  const repo = new SubmissionsRepository();
  if (await repo.any(db)) return;
  const refs = await repo.firstReferences(db);
  if (!refs) return log.warn('demo submissions: no agent, depot or agronomist');
  const cultivars = await repo.firstCultivars(db);
  const labs = {
    nvirotek: createNvirotekClient({ url: config.NVIROTEK_URL, apiKey: config.NVIROTEK_API_KEY, timeoutMs: config.LABS_TIMEOUT_MS }),
    wynland: createWynlandClient({ url: config.WYNLAND_URL, apiKey: config.WYNLAND_API_KEY, timeoutMs: config.LABS_TIMEOUT_MS }),
  };
  const service = new SubmissionsService(db, labs, async (trx, id, userId) => {
    await new JobsRepository(trx).insert(SUBMISSION_SEND_JOB, { id }, userId, trx);
  });
  const made: number[] = [];
  for (const { kind, lab, to } of PLAN) {
    // a pending group with entries the rules accept (a leaf needs a crop with a cultivar), from the Prepare tab's first page
    const page = await service.pending(kind, { page: 1, rowsPerPage: 50, search: '', sortBy: '', ascending: true, all: false });
    const groups = JSON.parse(page.rowsJson) as { dataIds: number[] }[];
    for (const group of groups.slice(1)) {
      // the group's entries the lab takes (an outside lab only those showing it, ADR 0251), the first three
      const fitting = (await captureSubmissions.entries(db, kind, group.dataIds)).filter((e) => captureFitsLab(e.lab, lab)).map((e) => e.id);
      if (fitting.length === 0) continue;
      const data = await service.prepare(kind, fitting.slice(0, 3));
      const rows = data.samples.filter((s) => kind === 'soil' || cultivars.has(s.cropId));
      if (rows.length === 0) continue;
      const draft = {
        ...data.data, lab, agentId: data.data.agentId || refs.agentId, agronomistId: data.data.agronomistId || refs.agronomistId, depotId: refs.depotId,
        samples: [rows.map((s) => ({
          ...s, blockNumber: s.blockNumber || 'B1', cultivars: kind === 'leaf' ? [cultivars.get(s.cropId)!] : [],
          growthStage: kind === 'leaf' ? 'Flowering' : '', test: kind === 'leaf' ? s.test : 'PBrayIWater',
        }))],
      } as SubmissionDraft;
      // the one with results also has a sample typed in by hand (no capture of the field app)
      if (to === 'Results') draft.samples[0].push({ ...draft.samples[0][0], testDataId: 0, sampleNumber: `${draft.samples[0][0].sampleNumber}-H` });
      let id: number;
      try {
        ({ id } = await service.submit(kind, draft, null));
      } catch (err) {
        // an outside lab's order needs its crops' codes there (synced from the lab): without the lab, none
        if (!(err instanceof HttpError && err.status === 400 && outsideLabOf(lab))) throw err;
        log.warn(`demo submissions: none to ${lab} (${err.message})`);
        break;
      }
      made.push(id);
      if (to) await carryOn(deps.db, kind, id, to);
      break;
    }
  }
  await repo.markDemo(db, made);
}

/** Results typed in through the manual entry (submitted), then completed, posted or archived through the services. */
async function carryOn(db: AppDeps['db'], kind: Kind, id: number, to: End): Promise<void> {
  const manual = new ManualEntryService(db);
  const states = new SubmissionStatesService(db);
  const sheet = await manual.sheet(kind, id);
  await manual.save(kind, {
    submissionId: id, submit: true, reason: '',
    manualResult: sheet.rows.map((r, i) => ({ sampleId: r.sampleId, labNumber: `M${kind === 'leaf' ? 'L' : 'S'}-${id}-${i + 1}`, na: false, values: demoValues(kind, id * 31 + i), confirmed: [], rowVersion: r.rowVersion })),
  }, null, true);
  if (to === 'Results') return;
  if (to === 'Archived') return void (await states.archive(kind, id, null));
  await states.complete(kind, id, null);
  if (to === 'Posted') await new SubmissionsRepository().markPosted(db, id);
}
