import type { LabCropSyncOutcome, LabCropSyncResult } from '@sapwood/contracts';
import type { Db } from '../../db/database';
import { recordChanges } from '../../platform/audit/audit';
import type { AuditEntry } from '../../platform/audit/audit.repository';
import { OutsideSystemError } from '../../platform/integrations/http-json';
import type { LabCropSource, Labs, ProviderCrop } from '../../platform/integrations/lab-crops';
import type { LabCropsRepository } from './labmins.repository';

type Progress = (pct: number, message?: string) => Promise<void>;

/**
 * The sync of the lab crops: each provider's list is pulled through its client and merged by the lab's own id,
 * in one transaction per provider with an audit record: a new crop is added, a renamed one updated in place
 * (so the crop master's links to it stay), and none is ever added twice. A crop the lab no longer lists is
 * kept (crops may point at it). A provider that fails leaves its list as it was and the answer says why.
 */
export class LabCropsService {
  constructor(private readonly db: Db, private readonly repo: LabCropsRepository, private readonly labs: Labs) {}

  /** `progress` (as a job's) hears what is read: "Reading Wynland's crops… 2 of 3 pages", each lab its half of the way */
  async sync(userId: number | null, progress: Progress = async () => undefined): Promise<LabCropSyncResult> {
    const providers: LabCropSyncOutcome[] = [];
    const sources = [this.labs.nvirotek, this.labs.wynland];
    for (const [i, source] of sources.entries()) {
      const share = (done: number) => Math.floor((100 * (i + done)) / sources.length);
      await progress(share(0), `Reading ${source.provider}’s crops…`);
      providers.push(await this.syncOne(source, userId, (page, pageCount) => progress(share(page / pageCount), `Reading ${source.provider}’s crops… ${page} of ${pageCount} pages`)));
    }
    return { providers };
  }

  private async syncOne(source: LabCropSource, userId: number | null, onPage: (page: number, pageCount: number) => Promise<void>): Promise<LabCropSyncOutcome> {
    const outcome: LabCropSyncOutcome = { provider: source.provider, ok: false, added: 0, updated: 0, unchanged: 0, refused: [], error: null };
    let listed: ProviderCrop[];
    try {
      const read = await source.listCrops(onPage);
      listed = dedupe(read.crops);
      outcome.refused = read.refused.map((r) => ({ crop: r.name, reason: r.reason }));
    } catch (err) {
      outcome.error = err instanceof OutsideSystemError ? err.message : `${source.provider} could not be read`;
      return outcome;
    }
    await this.db.transaction().execute(async (trx) => {
      const current = await this.repo.current(trx, source.provider);
      const changes: AuditEntry[] = [];
      const entry = (id: number, action: string, oldValues: unknown, newValues: unknown): AuditEntry =>
        ({ userId, entity: 'lab_crop', entityId: id, action, oldValues, newValues, reason: `${source.provider} sync` });
      for (const c of listed) {
        const had = current.get(c.externalId);
        const now = { name: c.name, shortCode: c.shortCode, lab: c.lab };
        if (!had) {
          const { id } = await this.repo.insert(trx, source.provider, c);
          changes.push(entry(id, 'insert', null, { provider: source.provider, externalId: c.externalId, ...now }));
          outcome.added++;
        } else if (had.name !== c.name || had.shortCode !== c.shortCode || had.lab !== c.lab) {
          await this.repo.update(trx, had.id, c);
          changes.push(entry(had.id, 'update', { name: had.name, shortCode: had.shortCode, lab: had.lab }, now));
          outcome.updated++;
        } else {
          outcome.unchanged++;
        }
      }
      await recordChanges(trx, changes);
    });
    outcome.ok = true;
    return outcome;
  }
}

/** a lab listing one id twice counts once (the last one listed) */
function dedupe(crops: ProviderCrop[]): ProviderCrop[] {
  return [...new Map(crops.filter((c) => c.externalId && c.name).map((c) => [c.externalId, c])).values()];
}
