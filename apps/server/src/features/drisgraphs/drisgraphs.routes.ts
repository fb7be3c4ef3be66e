import { drisgraphsEndpoints } from '@sapwood/contracts';
import type { Registrar } from '../../http/registrar';
import type { FeatureContext } from '../../platform/features/feature-module';
import { FormulaGraphsService } from './drisgraphs.service';

export function registerDrisGraphs(registrar: Registrar, deps: FeatureContext): void {
  const graphs = new FormulaGraphsService(deps.db);
  registrar.feature(drisgraphsEndpoints, {
    getAll: () => graphs.all(),
    paged: (input) => graphs.paged(input),
    insert: (input, ctx) => graphs.insert(input, ctx.user.id),
    update: (input, ctx) => graphs.update(input, ctx.user.id),
  });
}
