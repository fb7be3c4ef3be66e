import { ApiError } from '../../lib/api';
import { EMPTY_NORM_RANGE, GRAPH_SETS, GRAPH_SET_NAMES, type GraphSets, type NormRange, type NormSet } from '@sapwood/contracts';

/** Every graph set present (an absent one shown empty and not Selected), so the form has a field for each element. */
export function editableGraphs(graphs: GraphSets | null | undefined): GraphSets {
  const out: Record<string, unknown> = {};
  for (const set of GRAPH_SET_NAMES) {
    const have = (graphs?.[set] ?? null) as (Record<string, NormRange> & { selected: boolean }) | null;
    out[set] = { selected: have?.selected ?? false, ...Object.fromEntries(GRAPH_SETS[set].map((k) => [k, have?.[k] ?? EMPTY_NORM_RANGE])) };
  }
  return out as GraphSets;
}

/** A graph set neither Selected nor holding a value is saved as none (null). */
export function savedGraphs(graphs: GraphSets): GraphSets {
  const out: Record<string, unknown> = {};
  for (const set of GRAPH_SET_NAMES) {
    const g = graphs[set] as (Record<string, NormRange> & { selected: boolean }) | null;
    const used = !!g && (g.selected || GRAPH_SETS[set].some((k) => g[k] && (g[k].min !== null || g[k].med !== null || g[k].max !== null)));
    out[set] = used ? g : null;
  }
  return out as GraphSets;
}

export const editableNorms = (n: NormSet | undefined): NormSet => ({
  graphs: editableGraphs(n?.graphs),
  provenance: n?.provenance ?? { source: 'lab', method: '', tissue: '', demo: false },
});

/** A 400's field messages with a prefix taken off the paths (`data.norms.…` → `norms.…`); empty for any other failure. */
export function fieldMessages(err: unknown, prefix: string): Record<string, string> {
  if (!(err instanceof ApiError) || err.status !== 400) return {};
  return Object.fromEntries((err.body?.fields ?? []).map((f) => [f.field.startsWith(prefix) ? f.field.slice(prefix.length) : f.field, f.message]));
}
