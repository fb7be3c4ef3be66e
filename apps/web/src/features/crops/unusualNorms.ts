import { type CropDrisGraph, type NormSet, drisGraphProblems, normSetProblems } from '@sapwood/contracts';
import { type Confirmation, confirmationOf } from '../../lib/unusual';

/**
 * Which norm values outside their usual range a save must confirm (issue 31): the contract refuses one not named
 * in its entry's `confirmed` (NormSetEntry, CropDrisGraphEntry); those as loaded are confirmed without asking.
 */

/** A norm set's unusual values (at 'macroGraph.n.max'), against the set as loaded. */
export function normSetConfirmation(graphs: NormSet['graphs'], loaded: NormSet['graphs'] | undefined, prefix = ''): Confirmation {
  const loadedValue = (at: string) => {
    const [set, key, part] = at.split('.');
    const g = loaded?.[set as keyof NormSet['graphs']] as Record<string, Record<string, number | null> | undefined> | null | undefined;
    return g?.[key]?.[part];
  };
  return confirmationOf(normSetProblems(graphs), loadedValue, prefix);
}

/** A DRIS graph's unusual means and CVs (at '3.cv'), against the graph of the same id as loaded (its row of the same expression). */
export function drisGraphConfirmation(graph: Pick<CropDrisGraph, 'id' | 'units' | 'rows'>, loaded: readonly CropDrisGraph[]): Confirmation {
  const before = loaded.find((g) => g.id > 0 && g.id === graph.id);
  const sameUnits = !!before && before.units.macro === graph.units?.macro && before.units.micro === graph.units?.micro;
  const loadedValue = (at: string) => {
    const [i, part] = at.split('.');
    const row = graph.rows[Number(i)];
    const was = sameUnits ? before!.rows.find((r) => r.expression.replace(/\s+/g, '') === row?.expression.replace(/\s+/g, '')) : undefined;
    return was?.[part as 'mean' | 'cv'];
  };
  return confirmationOf(drisGraphProblems(graph), loadedValue);
}
