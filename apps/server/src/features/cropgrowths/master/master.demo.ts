import type { Db } from '../../../db/database';
import { CropMasterRepository } from './master.repository';
import { NormsRepository } from './norms.repository';

/*
 * DEMO DATA — ILLUSTRATIVE ONLY. Leaf norms (% dry matter for the macro elements, mg/kg for the micro ones)
 * and DRIS norms made up to look plausible; they cite no source, and every set is marked demo.
 */
const SOURCE = 'Demo (illustrative, no source)';
const r = (min: number, med: number, max: number) => ({ min, med, max });

export async function seedLeafNormsDemo(db: Db): Promise<void> {
  const norms = new NormsRepository();
  await db.transaction().execute(async (trx) => {
    for (const id of await new CropMasterRepository(db).demoCropIds(trx)) {
      const owner = { cropId: id, cultivarId: null, growthStageId: null };
      if ((await norms.of(trx, owner)).normsVersion) continue;
      await norms.save(trx, owner, {
        graphs: {
          macroGraph: { selected: true, n: r(2.2, 2.6, 3.0), p: r(0.12, 0.16, 0.2), k: r(0.8, 1.2, 1.6), ca: r(1.5, 2.5, 3.5), mg: r(0.25, 0.4, 0.55), s: r(0.15, 0.25, 0.35) },
          microGraph: { selected: true, fe: r(50, 100, 150), mn: r(30, 80, 150), na: r(0, 100, 250), zn: r(20, 40, 80), cu: r(5, 10, 20), b: r(25, 50, 100) },
          molybdenumGraph: null, nickelGraph: null, nitrateGraph: null, ammoniumGraph: null, naPercentageGraph: null,
        },
        provenance: { source: SOURCE, method: 'Demo', tissue: 'Leaf', demo: true },
      }, 0);
      await norms.replaceDrisGraphs(trx, id, [{
        id: 0, graphName: 'Macro DRIS (demo)', selected: true,
        rows: [{ expression: 'N/P', mean: 16.3, cv: 15 }, { expression: 'N/K', mean: 2.2, cv: 20 }, { expression: 'K/P', mean: 7.5, cv: 22 }, { expression: 'Ca/Mg', mean: 6.2, cv: 25 }, { expression: 'K/Mg', mean: 3.0, cv: 25 }],
      }]);
    }
  });
}
