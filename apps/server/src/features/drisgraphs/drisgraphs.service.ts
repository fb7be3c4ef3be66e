import { FORMULA_GRAPH_MESSAGES, type FormulaGraphInsert, type FormulaGraphUpdate, type PagedRequest } from '@sapwood/contracts';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/paged-query';
import { conflict, fieldError, notFound } from '../../http/errors';
import { recordChange } from '../../platform/audit/audit';
import { ServiceOver } from '../../platform/service-base';
import { FormulaGraphsRepository, type GraphValues } from './drisgraphs.repository';

const STALE = 'This graph was changed by someone else. Reload and try again.';
const NAME_TAKEN = 'Name must be unique';

/**
 * Formula graph rules: the contract has checked the name and every expression (the same code the screen
 * runs); here names stay unique, updates carry the version they read, and every change is audited.
 */
export class FormulaGraphsService extends ServiceOver(FormulaGraphsRepository) {
  all() {
    return this.repo.all();
  }

  paged(req: PagedRequest) {
    return this.repo.paged(req);
  }

  /** Two saves taking one name at once: the unique index refuses the second, said as the check says it. */
  private async nameGuard<T>(save: () => Promise<T>): Promise<T> {
    try {
      return await save();
    } catch (err) {
      if (isUniqueViolation(err, 'formula_graphs_name_idx')) throw fieldError('name', NAME_TAKEN);
      throw err;
    }
  }

  insert(input: z.output<typeof FormulaGraphInsert>, userId: number) {
    const values: GraphValues = { name: input.name, alternateFunction: input.alternateFunction, formula: input.formula };
    return this.nameGuard(() => this.db.transaction().execute(async (trx) => {
      if (await this.repo.nameTaken(trx, values.name, null)) throw fieldError('name', NAME_TAKEN);
      const graph = await this.repo.insert(trx, values);
      await recordChange(trx, { userId, entity: 'formula_graph', entityId: graph.id, action: 'create', newValues: values });
      return { error: false as const, message: FORMULA_GRAPH_MESSAGES.success, graph };
    }));
  }

  update(input: z.output<typeof FormulaGraphUpdate>, userId: number) {
    const values: GraphValues = { name: input.name, alternateFunction: input.alternateFunction, formula: input.formula };
    return this.nameGuard(() => this.db.transaction().execute(async (trx) => {
      const old = await this.repo.get(trx, input.id);
      if (!old) throw notFound('Graph');
      if (old.rowVersion !== input.rowVersion) throw conflict(STALE);
      if (await this.repo.nameTaken(trx, values.name, old.id)) throw fieldError('name', NAME_TAKEN);
      const graph = await this.repo.update(trx, input.id, old.rowVersion, values);
      if (!graph) throw conflict(STALE);
      const { id: _id, rowVersion: _v, ...before } = old;
      await recordChange(trx, { userId, entity: 'formula_graph', entityId: graph.id, action: 'update', oldValues: before, newValues: values });
      return { error: false as const, message: FORMULA_GRAPH_MESSAGES.success, graph };
    }));
  }
}
