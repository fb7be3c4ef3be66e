import { type CropDrisGraph, type NormSet, type ValueProblem, drisGraphProblems, normSetProblems, unusualItem } from '@sapwood/contracts';

/**
 * Which norm values outside their usual range a save must confirm (issue 31): the contract refuses one not named
 * in its entry's `confirmed` (NormSetEntry, CropDrisGraphEntry). A value as it was loaded was confirmed when it
 * was saved (or predates the rule): it is confirmed again without asking. The others are asked once for the whole
 * save; `confirmed(yes)` is the entry's list after the answer.
 */
export interface NormConfirmation {
  /** the question's items: 'N Max 9 % (usual 0.5–7 %)' */
  ask: string[];
  confirmed: (yes: boolean) => string[];
}

function plan(problems: (ValueProblem & { label: string })[], loadedValue: (at: string) => number | null | undefined, prefix: string): NormConfirmation {
  const unusual = problems.filter((p) => p.level === 'unusual');
  const kept = unusual.filter((p) => loadedValue(p.at) === p.value).map((p) => p.at);
  const asked = unusual.filter((p) => loadedValue(p.at) !== p.value);
  return {
    ask: asked.map((p) => unusualItem(`${prefix}${p.label}`, p.value, p.bounds)),
    confirmed: (yes) => (yes ? [...kept, ...asked.map((p) => p.at)] : kept),
  };
}

/** A norm set's unusual values (at 'macroGraph.n.max'), against the set as loaded. */
export function normSetConfirmation(graphs: NormSet['graphs'], loaded: NormSet['graphs'] | undefined, prefix = ''): NormConfirmation {
  const loadedValue = (at: string) => {
    const [set, key, part] = at.split('.');
    const g = loaded?.[set as keyof NormSet['graphs']] as Record<string, Record<string, number | null> | undefined> | null | undefined;
    return g?.[key]?.[part];
  };
  return plan(normSetProblems(graphs), loadedValue, prefix);
}

/** A DRIS graph's unusual means and CVs (at '3.cv'), against the graph of the same id as loaded (its row of the same expression). */
export function drisGraphConfirmation(graph: Pick<CropDrisGraph, 'id' | 'units' | 'rows'>, loaded: readonly CropDrisGraph[]): NormConfirmation {
  const before = loaded.find((g) => g.id > 0 && g.id === graph.id);
  const sameUnits = !!before && before.units.macro === graph.units?.macro && before.units.micro === graph.units?.micro;
  const loadedValue = (at: string) => {
    const [i, part] = at.split('.');
    const row = graph.rows[Number(i)];
    const was = sameUnits ? before!.rows.find((r) => r.expression.replace(/\s+/g, '') === row?.expression.replace(/\s+/g, '')) : undefined;
    return was?.[part as 'mean' | 'cv'];
  };
  return plan(drisGraphProblems(graph), loadedValue, '');
}
