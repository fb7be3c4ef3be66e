import { useQuery } from '@tanstack/react-query';
import { type Permission, type StartupData, authEndpoints, hasPermission } from '@sapwood/contracts';
import { endpointQuery, useInvalidate } from './query';

/**
 * The start-up data (session, permissions, version, settings), loaded once and refreshed on sign-in/out; cached
 * under its endpoint's key, so a change that alters it names `authEndpoints.initial` in its invalidates.
 */
export function useStartup() {
  return useQuery({ ...endpointQuery(authEndpoints.initial, {}), staleTime: 60_000, retry: 1 });
}

export function useSession(): StartupData {
  const { data } = useStartup();
  if (!data) throw new Error('useSession used before start-up data loaded');
  return data;
}

export function useCan(): (p: Permission) => boolean {
  const session = useSession();
  return (p) => hasPermission(session.permissions, p);
}

/** Loads the start-up data again (a change of the signed-in user's own role or language). */
export function useRefreshSession() {
  const invalidate = useInvalidate();
  return () => invalidate([authEndpoints.initial]);
}
