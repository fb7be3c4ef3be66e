import { useQuery } from '@tanstack/react-query';
import { apiFeatures } from '@sapwood/contracts';
import { call } from '../../lib/api';

/** The entry form's reference lists (crops with cultivars, regions and growths; tissues) and suggestions. */
export function useLabReference() {
  const crops = useQuery({ queryKey: ['lab', 'crops'], queryFn: () => call(apiFeatures.lab.cropsActive), staleTime: 60_000 });
  const tissues = useQuery({ queryKey: ['lab', 'tissues'], queryFn: () => call(apiFeatures.lab.tissueTypesActive), staleTime: 60_000 });
  const suggestions = useQuery({ queryKey: ['lab', 'suggestions'], queryFn: () => call(apiFeatures.lab.suggestions, {}), staleTime: 60_000 });
  return {
    crops: crops.data ?? [],
    tissues: tissues.data ?? [],
    suggestions: suggestions.data ?? { entities: [], agents: [], agronomists: [], farms: [] },
    ready: crops.isSuccess && tissues.isSuccess,
  };
}
