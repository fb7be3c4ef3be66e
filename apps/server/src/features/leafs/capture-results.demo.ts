import { type ResultSource, generator, leafValues, soilValues } from '@sapwood/contracts';
import type { AppDeps } from '../../http/context';
import { CaptureResultsRepository } from './capture-results.repository';
import { type CaptureResultInput, recordCaptureResults } from './capture-results.service';

const SOURCES: Record<string, ResultSource> = { Nvirotek: 'Nvirotek', Wynland: 'Wynland' };

/**
 * Demo data: lab results for about a third of the demo leaf and soil captures (run after the captures' own
 * demo), marked demo, through recordCaptureResults like every other writer; one in twenty marked N/A.
 */
export async function seedCaptureResultsDemo({ db }: AppDeps): Promise<void> {
  const repo = new CaptureResultsRepository(db);
  for (const kind of ['leaf', 'soil'] as const) {
    const captures = await repo.demoCandidates(kind);
    if (captures.length === 0) continue;
    const rows = captures.map((c): CaptureResultInput => {
      const r = generator(c.id * 7919 + (kind === 'leaf' ? 1 : 2));
      const source = SOURCES[c.lab] ?? 'Manual';
      const na = r.next() < 0.05;
      return {
        captureId: c.id, labName: c.lab || 'Manual', labNumber: `${source === 'Wynland' ? 'WL' : source === 'Nvirotek' ? 'NV' : 'M'}${kind === 'leaf' ? 'L' : 'S'}-${String(c.id).padStart(6, '0')}`,
        na, values: na ? {} : kind === 'leaf' ? leafValues(r) : soilValues(r), source, demo: true,
      };
    });
    await db.transaction().execute((trx) => recordCaptureResults(trx, rows, null, 'demo data'));
  }
}
