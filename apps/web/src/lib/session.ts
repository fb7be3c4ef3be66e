import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type Permission, type StartupData, apiFeatures, hasPermission } from '@sapwood/contracts';
import { call } from './api';

export const STARTUP_KEY = ['startup'] as const;

/** The start-up data (session, permissions, version, settings), loaded once and refreshed on sign-in/out. */
export function useStartup() {
  return useQuery({ queryKey: STARTUP_KEY, queryFn: () => call(apiFeatures.auth.initial, {}), staleTime: 60_000, retry: 1 });
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

export function useRefreshSession() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: STARTUP_KEY });
}
