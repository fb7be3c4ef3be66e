import { useQuery } from '@tanstack/react-query';
import { apiFeatures } from '@sapwood/contracts';
import { call } from '../../lib/api';

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

/**
 * The entry form's reference lists (crops with cultivars, regions and growths; tissues), the agent and
 * agronomist lists (GET /api/agent/index, /api/agronomist/index) and the names typed before.
 */
export function useLabReference() {
  const crops = useQuery({ queryKey: ['lab', 'crops'], queryFn: () => call(apiFeatures.lab.cropsActive), staleTime: 60_000 });
  const tissues = useQuery({ queryKey: ['lab', 'tissues'], queryFn: () => call(apiFeatures.lab.tissueTypesActive), staleTime: 60_000 });
  const suggestions = useQuery({ queryKey: ['lab', 'suggestions'], queryFn: () => call(apiFeatures.lab.suggestions, {}), staleTime: 60_000 });
  const agents = useQuery({ queryKey: ['agent-index'], queryFn: () => call(apiFeatures.agents.index), staleTime: 60_000 });
  const agronomists = useQuery({ queryKey: ['agronomist-index'], queryFn: () => call(apiFeatures.agronomists.index), staleTime: 60_000 });
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
