// Mantine's notifications, loaded with their styles when the first one is shown (Snacks.tsx)
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

/** The snacks' stack: bottom right, five at a time (lib/notify.ts shows them). */
export default function SnackStack() {
  return <Notifications position="bottom-right" limit={5} />;
}
