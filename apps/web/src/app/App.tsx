import { Suspense, useEffect } from 'react';
import { Route, Routes } from 'react-router';
import { ErrorBoundary } from '../components/ui/ErrorPage';
import { GlobalLoadingOverlay } from '../components/ui/GlobalLoadingOverlay';
import { PageLoader } from '../components/ui/PageLoader';
import { LoginPage, TokenPage } from '../features/auth';
import { HomePage } from './HomePage';
import { MENU } from './menu';
import { NotFoundPage } from './NotFoundPage';
import { ProtectedScreen, SHELL_PATHS } from './ProtectedScreen';
import { RequireAuth } from './RequireAuth';
import { Shell } from './Shell';
import { MenuContext } from '../lib/menu';
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

export function App() {
  return (
    <ErrorBoundary>
      <MenuContext value={MENU}>
        <ErrorReporting />
        <GlobalLoadingOverlay />
        <Suspense fallback={<PageLoader />}>
          <Routes>
            <Route path="/login" element={<LoginPage />} />
            <Route path="/token" element={<TokenPage />} />
            <Route element={<RequireAuth />}>
              <Route element={<Shell />}>
                <Route index element={<HomePage />} />
                {SHELL_PATHS.map((p) => (
                  <Route key={p} path={p} element={<ProtectedScreen path={p} />} />
                ))}
                <Route path="*" element={<NotFoundPage />} />
              </Route>
            </Route>
          </Routes>
        </Suspense>
      </MenuContext>
    </ErrorBoundary>
  );
}
