import { useNotifications } from '@mantine/notifications';
import { Suspense, lazy } from 'react';

const SnackStack = lazy(() => import('./SnackStack'));
let shown = false;

/**
 * Where the snacks show (lib/notify.ts). Their component (Mantine's Notifications, its transitions and styles)
 * loads with the first snack, which waits in Mantine's store until then: a page that shows none, such as the
 * sign-in page, downloads none of it (its budget, ADR 0170 and 0242).
 */
export function Snacks() {
  const { notifications } = useNotifications();
  shown ||= notifications.length > 0;
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <SnackStack />
    </Suspense>
  );
}
