import { lazyScreen } from '../../lib/lazyScreen';
import type { ScreenModule } from '../../lib/screens';

/**
 * Sign-in and password reset: the app's public routes, outside the shell (see `app/App.tsx`). The sign-in page is
 * in the first download; the token page loads when first shown (the sign-in page's budget, ADR 0170).
 */
export { LoginPage, safeReturnUrl } from './LoginPage';
export const TokenPage = lazyScreen(() => import('./TokenPage').then((m) => ({ default: m.TokenPage })));

/** No screen inside the shell. */
export const screens: ScreenModule[] = [];
