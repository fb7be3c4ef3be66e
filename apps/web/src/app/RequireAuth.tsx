import { Navigate, Outlet, useLocation } from 'react-router';
import { ErrorFallback } from '../components/ui/ErrorPage';
import { PageLoader } from '../components/ui/PageLoader';
import { useStartup } from '../lib/session';

/** Every route but /login and /token: an anonymous user goes to sign-in, remembering where they were. */
export function RequireAuth() {
  const { data, isError, isPending } = useStartup();
  const location = useLocation();
  if (isPending) return <PageLoader />;
  if (isError || !data) return <ErrorFallback />;
  if (!data.authenticated) {
    const returnUrl = location.pathname + location.search;
    return <Navigate to={`/login?ReturnUrl=${encodeURIComponent(returnUrl)}`} replace />;
  }
  return <Outlet />;
}
