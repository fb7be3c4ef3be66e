import type { Db } from '../../apps/server/src/db/database';
import { seedCarbohydrateReference } from './carbohydrate-fixtures';

/** The references an outside-lab test submits with: ids of the agent, depot and agronomist, and of two crops. */
export interface LabReference {
  agentId: number;
  depotId: number;
  agronomistId: number;
  /** Pecan: known to both labs (Nvirotek PEC, Wynland PN) */
  pecan: number;
  pecanCultivar: number;
  /** Table grape: Wynland's TG, no Nvirotek code assigned */
  grape: number;
  grapeCultivar: number;
  /** Pecan's Nvirotek lab crop (to take the code away and give it back) */
  nvPecan: number;
}

/**
 * Reference data for the outside-lab tests (issue 31): the carbohydrate reference's Pecan with its code at both
 * labs' stand-ins, a Table grape only Wynland has a code for, and an agent, a depot and an agronomist.
 * Test code may insert rows directly; application code keeps its SQL in repositories.
 */
export async function seedLabReference(db: Db): Promise<LabReference> {
  const carb = await seedCarbohydrateReference(db);
  const [nvPec, wlPec, wlGrape] = await db.insertInto('lab_crops').values([
    { provider: 'Nvirotek', external_id: '115', name: 'Pecan', short_code: 'PEC', lab: 'Nvirotek Tzaneen' },
    { provider: 'Wynland', external_id: 'W-014', name: 'PECAN NUT', short_code: 'PN', lab: 'Wynland Stellenbosch' },
    { provider: 'Wynland', external_id: 'W-012', name: 'TABLE GRAPE', short_code: 'TG', lab: 'Wynland Stellenbosch' },
  ]).returning('id').execute();
  await db.updateTable('crops').set({ labmin_crop_id: nvPec.id, wynland_crop_id: wlPec.id }).where('id', '=', carb.crop.id).execute();
  const grape = await db.insertInto('crops').values({ name: 'Table grape', factor: 1, wynland_crop_id: wlGrape.id }).returning('id').executeTakeFirstOrThrow();
  const grapeCultivar = await db.insertInto('cultivars').values({ crop_id: grape.id, name: 'Crimson' }).returning('id').executeTakeFirstOrThrow();
  const agent = await db.insertInto('agents').values({ name: 'Agent Smith' }).returning('id').executeTakeFirstOrThrow();
  const depot = await db.insertInto('depots').values({ name: 'Tzaneen depot' }).returning('id').executeTakeFirstOrThrow();
  const agronomist = await db.insertInto('agronomists').values({ name: 'Dr Nel' }).returning('id').executeTakeFirstOrThrow();
  return {
    agentId: agent.id, depotId: depot.id, agronomistId: agronomist.id, pecan: carb.crop.id, pecanCultivar: carb.cultivars[0].id,
    grape: grape.id, grapeCultivar: grapeCultivar.id, nvPecan: nvPec.id,
  };
}
