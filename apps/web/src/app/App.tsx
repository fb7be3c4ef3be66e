import { Suspense, lazy } from 'react';
import { Route, Routes } from 'react-router';
import { Shell } from '../components/layout/Shell';
import { ErrorBoundary } from '../components/ui/ErrorPage';
import { GlobalLoadingOverlay } from '../components/ui/GlobalLoadingOverlay';
import { PageLoader } from '../components/ui/PageLoader';
import { LoginPage } from '../features/auth/LoginPage';
import { TokenPage } from '../features/auth/TokenPage';
import { HomePage } from './HomePage';
import { PROTECTED_PATHS, ProtectedScreen } from './ProtectedScreen';
import { RequireAuth } from './RequireAuth';

const ReportProgressPage = lazy(() => import('../features/carbohydrates/report/ReportProgressPage'));

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
              {PROTECTED_PATHS.map((p) => (
                <Route key={p} path={p} element={<ProtectedScreen path={p} />} />
              ))}
              <Route path="/reports/carbohydrate/:id" element={<ReportProgressPage />} />
              <Route path="*" element={<ProtectedScreen path="__unknown" />} />
            </Route>
          </Route>
        </Routes>
      </Suspense>
    </ErrorBoundary>
  );
}
