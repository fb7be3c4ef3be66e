import { Suspense, useEffect } from 'react';
import { Route, Routes } from 'react-router';
import { ErrorBoundary } from '../components/ui/ErrorPage';
import { GlobalLoadingOverlay } from '../components/ui/GlobalLoadingOverlay';
import { PageLoader } from '../components/ui/PageLoader';
import { LoginPage, TokenPage } from '../features/auth';
import { lazyScreen } from '../lib/lazyScreen';
import { RequireAuth } from './RequireAuth';
import { startErrorReporting } from '../lib/crashReports';
import { useStartup } from '../lib/session';

/** Starts the error-reporting service once the start-up data says which (issue 35). */
function ErrorReporting() {
  const { data } = useStartup();
  useEffect(() => {
    if (data) startErrorReporting(data);
  }, [data]);
  return null;
}

// The sign-in page is the only screen in the first download; everything behind sign-in loads when first shown
// (ADR 0170), with the screens' time-out and Retry.
const SignedInApp = lazyScreen(() => import('./SignedInApp'));

export function App() {
  return (
    <ErrorBoundary>
      <ErrorReporting />
      <GlobalLoadingOverlay />
      <Suspense fallback={<PageLoader />}>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/token" element={<TokenPage />} />
          <Route element={<RequireAuth />}>
            <Route path="*" element={<SignedInApp />} />
          </Route>
        </Routes>
      </Suspense>
    </ErrorBoundary>
  );
}
