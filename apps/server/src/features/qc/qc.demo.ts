import { qcOutcome, westgard, zScore } from '@sapwood/contracts';
import type { Db } from '../../db/database';
import { QcDemoRepository } from './qc-demo.repository';

/*
 * Two demo lots (illustrative values, marked demo) with a control result on each of the demo lab jobs (about
 * thirty runs each), in z steps of 0.1 SD so the stored values are exact. The sugar lot shows 1-2s warnings,
 * a 1-3s, a 2-2s and a 4-1s; the starch lot a 1-2s and a 10-x. Every rejected demo run is released with a
 * reason, so the demo's results stay reportable while the charts show the violations.
 */
const SUGAR_Z = [0.3, -0.5, 1.1, -0.2, 0.8, -1.2, 2.3, 0.1, -0.7, 0.4, 3.4, 0.2, -0.4, 2.2, 2.5, 0.6, -0.3, 0.9, -1, 0.5, 1.2, 1.4, 1.1, 1.6, -0.2, 0.3, -0.6, 0.7, -0.1, 0.4];
const STARCH_Z = [0.4, -0.3, 0.6, 1, -0.8, 0.2, -2.4, 0.5, 0.3, -0.3, -0.6, -0.2, -0.8, -0.5, -0.4, -0.9, -0.1, -0.7, -0.6, 0.8, 1.3, -0.4, 0.2, 0.9, -1.1, 0.6, 0.1, -0.5, 0.7, 0.2];
const LOTS = [
  { name: 'Sugar control (demo)', lot: 'SUG-2026-A', analyte: 'sugar' as const, mean: 5.2, sd: 0.2, zs: SUGAR_Z },
  { name: 'Starch control (demo)', lot: 'STA-2026-A', analyte: 'starch' as const, mean: 12.4, sd: 0.5, zs: STARCH_Z },
];
const RELEASE_REASON = 'Demo: reviewed by the lab manager; instrument recalibrated and samples confirmed.';

export async function seedQcDemo(db: Db): Promise<void> {
  const repo = new QcDemoRepository(db);
  if (await repo.hasDemoLots()) return;
  const jobs = await repo.demoJobs();
  const user = await repo.firstUser();
  for (const l of LOTS) {
    const lotId = await repo.insertLot({ name: l.name, lot: l.lot, analyte: l.analyte, mean: l.mean, sd: l.sd, validFrom: '2026-01-01', validTo: '2027-12-31', active: true });
    const series: number[] = [];
    for (const [i, job] of jobs.entries()) {
      if (i >= l.zs.length) break;
      const value = Math.round((l.mean + l.zs[i] * l.sd) * 100) / 100;
      const z = zScore(value, l.mean, l.sd);
      series.push(z);
      const violations = westgard(series);
      const outcome = qcOutcome(violations);
      await repo.insertControl({
        lab_job_id: job.id, control_lot_id: lotId, position: l.analyte === 'sugar' ? 1 : 2, value, z, outcome, violations: JSON.stringify(violations),
        result_on: new Date(Date.UTC(2026, 9, 1, 9 + (l.analyte === 'sugar' ? 0 : 1)) + i * 86_400_000), result_by: user,
        ...(outcome === 'reject' ? { released_at: new Date(Date.UTC(2026, 9, 1, 15) + i * 86_400_000), released_by: user, release_reason: RELEASE_REASON } : {}),
      });
    }
  }
}
