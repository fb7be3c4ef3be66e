import { Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { Shell } from '../components/layout/Shell';
import { ErrorBoundary } from '../components/ui/ErrorPage';
import { GlobalLoadingOverlay } from '../components/ui/GlobalLoadingOverlay';
import { PageLoader } from '../components/ui/PageLoader';
import { LoginPage, TokenPage } from '../features/auth';
import { HomePage } from './HomePage';
import { NotFoundPage } from './NotFoundPage';
import { ProtectedScreen, SHELL_PATHS } from './ProtectedScreen';
import { RequireAuth } from './RequireAuth';

export function App() {
  return (
    <ErrorBoundary>
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
    </ErrorBoundary>
  );
}
