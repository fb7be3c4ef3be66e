import { ELEMENTS, ELEMENT_OF_KEY, GRAPH_SETS, GRAPH_SET_NAMES, type GraphSets, type NORM_LEVELS, type NormRange, type Provenance, type ResolvedElement } from '@sapwood/contracts';

/** The norms stored at one level for a sample: its growth stage's, its cultivar's or its crop's. */
export interface LevelNorms {
  level: (typeof NORM_LEVELS)[number];
  graphs: GraphSets;
  provenance: Provenance;
}

const hasValue = (r: NormRange | undefined): r is NormRange => !!r && (r.min !== null || r.med !== null || r.max !== null);

/**
 * Which range applies to each element of a sample (the one place this is decided, ADR 0082): the first
 * level, in the order given (growth stage, then cultivar, then crop), whose graph set holding the element
 * is Selected and gives the element a value. The answer names that level and its provenance; an element
 * no level gives a range is left out.
 */
export function resolveNorms(levels: readonly LevelNorms[]): ResolvedElement[] {
  const found = new Map<string, ResolvedElement>();
  for (const set of GRAPH_SET_NAMES) {
    for (const key of GRAPH_SETS[set]) {
      for (const l of levels) {
        const graph = l.graphs[set] as (Record<string, NormRange> & { selected: boolean }) | null;
        const range = graph?.selected ? graph[key] : undefined;
        if (!hasValue(range)) continue;
        const element = ELEMENT_OF_KEY[key];
        found.set(element, { element, ...range, level: l.level, provenance: l.provenance });
        break;
      }
    }
  }
  return ELEMENTS.flatMap((e) => found.get(e) ?? []);
}
