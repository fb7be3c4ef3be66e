// The signed-in app's styles: every Mantine component's (the sign-in page loads only its own, see `main.tsx`),
// then the app's own rules over them (ADR 0170).
import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import './app.css';
import { Route, Routes } from 'react-router';
import { ConfirmProvider } from '../components/ui/confirm';
import { SharedTooltip } from '../components/ui/SharedTooltip';
import { MenuContext } from '../lib/menu';
import { HomePage } from './HomePage';
import { MENU } from './menu';
import { NotFoundPage } from './NotFoundPage';
import { ProtectedScreen, SHELL_PATHS } from './ProtectedScreen';
import { Shell } from './Shell';

/**
 * Everything behind sign-in: the shell, its menu and every feature's screens. Loaded as its own chunk once a
 * signed-in route is shown, so the sign-in page never downloads it (issue 36: web.dev's 170 KB budget, ADR 0170).
 */
export default function SignedInApp() {
  return (
    <MenuContext value={MENU}>
      <ConfirmProvider>
        <Routes>
          <Route element={<Shell />}>
            <Route index element={<HomePage />} />
            {SHELL_PATHS.map((p) => (
              <Route key={p} path={p} element={<ProtectedScreen path={p} />} />
            ))}
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Routes>
        <SharedTooltip />
      </ConfirmProvider>
    </MenuContext>
  );
}
