import { apiFeatures } from '@sapwood/contracts';
import { useEndpointQuery } from '../../lib/query';

/** Names for a free-text field: the reference list's active names first, then names typed before that are not in it. */
export interface NameOptions {
  listed: string[];
  typed: string[];
}

function namesOf(listed: { name: string }[] | undefined, typed: string[]): NameOptions {
  const names = (listed ?? []).map((x) => x.name);
  const inList = new Set(names.map((n) => n.toLowerCase()));
  return { listed: names, typed: typed.filter((n) => !inList.has(n.toLowerCase())) };
}

const fresh = { staleTime: 60_000 } as const;

/**
 * The entry form's reference lists (crops with cultivars, regions and growths; tissues), the agent and
 * agronomist lists (GET /api/agent/index, /api/agronomist/index) and the names typed before. Each is cached
 * under its endpoint's own key, so a change on the agents (or agronomists, crops, tissues) screen that
 * invalidates that endpoint refreshes these lists at once.
 */
export function useLabReference() {
  const crops = useEndpointQuery(apiFeatures.lab.cropsActive, undefined, fresh);
  const tissues = useEndpointQuery(apiFeatures.lab.tissueTypesActive, undefined, fresh);
  const suggestions = useEndpointQuery(apiFeatures.lab.suggestions, {}, fresh);
  const agents = useEndpointQuery(apiFeatures.agents.index, undefined, fresh);
  const agronomists = useEndpointQuery(apiFeatures.agronomists.index, undefined, fresh);
  const typed = suggestions.data ?? { entities: [], agents: [], agronomists: [], farms: [] };
  return {
    crops: crops.data ?? [],
    tissues: tissues.data ?? [],
    suggestions: typed,
    agents: namesOf(agents.data, typed.agents),
    agronomists: namesOf(agronomists.data, typed.agronomists),
    ready: crops.isSuccess && tissues.isSuccess,
  };
}
