import { apiFeatures } from '@sapwood/contracts';
import { useEndpointQuery } from '../../lib/query';

/** The active tissues (organ types), by name; the first is the default for a new growth. */
export function useActiveTissues() {
  return useEndpointQuery(apiFeatures.tissues.activeTissues);
}
