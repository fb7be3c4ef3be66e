import type { AppDeps } from '../../http/context';
import { FormulaGraphsRepository } from './drisgraphs.repository';

/**
 * Demo data: one formula graph of the classic macro-nutrient DRIS indices (each element's index the mean of
 * its ratio functions, Beaufils 1973), marked as demo.
 */
export async function seedFormulaGraphsDemo({ db }: AppDeps): Promise<void> {
  const repo = new FormulaGraphsRepository(db);
  if ((await repo.count()) > 0) return;
  await repo.insert(db, {
    name: 'Macro DRIS (demo)',
    alternateFunction: false,
    formula: {
      relationships: [
        { name: 'NP', expression: 'N/P' }, { name: 'NK', expression: 'N/K' }, { name: 'KP', expression: 'K/P' },
        { name: 'CaMg', expression: 'Ca/Mg' }, { name: 'KMg', expression: 'K/Mg' },
      ],
      values: [
        { element: 'N', expression: '(NP + NK) / 2' }, { element: 'P', expression: '(-NP - KP) / 2' },
        { element: 'K', expression: '(KP + KMg - NK) / 3' }, { element: 'Ca', expression: 'CaMg' }, { element: 'Mg', expression: '(-CaMg - KMg) / 2' },
      ],
    },
  }, true);
}
