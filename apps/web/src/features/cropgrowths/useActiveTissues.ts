import { useQuery } from '@tanstack/react-query';
import { apiFeatures } from '@sapwood/contracts';
import { call } from '../../lib/api';

/** The active tissues (organ types), by name; the first is the default for a new growth. */
export function useActiveTissues() {
  return useQuery({ queryKey: [apiFeatures.tissues.activeTissues.path], queryFn: () => call(apiFeatures.tissues.activeTissues, {}) });
}
