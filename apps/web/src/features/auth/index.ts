import type { ScreenModule } from '../../lib/screens';

/** Sign-in and password reset: the app's public routes, outside the shell (see `app/App.tsx`). */
export { LoginPage, safeReturnUrl } from './LoginPage';
export { TokenPage } from './TokenPage';

/** No screen inside the shell. */
export const screens: ScreenModule[] = [];
