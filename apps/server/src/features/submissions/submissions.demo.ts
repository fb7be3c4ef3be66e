import { type SubmissionDraft } from '@sapwood/contracts';
import type { AppDeps } from '../../http/context';
import { createNvirotekClient } from '../../platform/integrations/nvirotek.client';
import { createWynlandClient } from '../../platform/integrations/wynland.client';
import { JobsRepository } from '../../platform/jobs/jobs.repository';
import { captureSubmissions } from '../leafs';
import { SUBMISSION_SEND_JOB } from './submission-labs.job';
import { SubmissionsRepository } from './submissions.repository';
import { SubmissionsService } from './submissions.service';

type Kind = 'leaf' | 'soil';
const PLAN: { kind: Kind; lab: SubmissionDraft['lab'] }[] = [
  { kind: 'leaf', lab: 'Manual' }, { kind: 'leaf', lab: 'Nvirotek' }, { kind: 'leaf', lab: 'Wynland' },
  { kind: 'soil', lab: 'ManualFarmer' }, { kind: 'soil', lab: 'NvirotekFarmer' },
];

/**
 * Demo submissions (marked demo), made the way a user makes them (prepare, then submit through the service and
 * its rules) from the demo captures, leaving most entries on the Prepare tabs: a Manual one waiting for hand
 * entry, one to each outside lab (sent by the send job to the labs' stand-ins, whose results then trickle in
 * through the poll) and the farmers' two. Without captures, or the agents, depots and agronomists the rules
 * need, it makes none.
 */
export async function seedSubmissionsDemo({ db, config, log }: AppDeps): Promise<void> {
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
  for (const { kind, lab } of PLAN) {
    // a pending group with entries the rules accept (a leaf needs a crop with a cultivar)
    const groups = await captureSubmissions.pending(db, kind);
    for (const group of groups.slice(1)) {
      const data = await service.prepare(kind, group.dataIds.slice(0, 4));
      const rows = data.samples.filter((s) => kind === 'soil' || cultivars.has(s.cropId));
      if (rows.length === 0) continue;
      const draft = {
        ...data.data, lab, agentId: data.data.agentId || refs.agentId, agronomistId: data.data.agronomistId || refs.agronomistId, depotId: refs.depotId,
        samples: [rows.map((s) => ({
          ...s, blockNumber: s.blockNumber || 'B1', cultivars: kind === 'leaf' ? [cultivars.get(s.cropId)!] : [],
          growthStage: kind === 'leaf' ? 'Flowering' : '', test: kind === 'leaf' ? s.test : 'PBrayIWater',
        }))],
      } as SubmissionDraft;
      made.push((await service.submit(kind, draft, null)).id);
      break;
    }
  }
  await repo.markDemo(db, made);
}
