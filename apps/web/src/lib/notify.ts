import { notifications } from '@mantine/notifications';

/** Snack notifications: auto-dismiss after 5000 ms, closable by hand. */
export const SNACK_MS = 5000;

export const notify = {
  success(message: string) {
    notifications.show({ message, color: 'teal', autoClose: SNACK_MS, withCloseButton: true });
  },
  error(message: string) {
    notifications.show({ message, color: 'red', autoClose: SNACK_MS, withCloseButton: true });
  },
  info(message: string) {
    notifications.show({ message, color: 'blue', autoClose: SNACK_MS, withCloseButton: true });
  },
};

/**
 * The operation wrapper: runs an action, then says 'success' (or a custom title) or
 * 'Operation has failed' (or a custom title). Returns the result, or undefined on failure.
 */
export async function runOperation<T>(fn: () => Promise<T>, titles: { success?: string; failure?: string } = {}): Promise<T | undefined> {
  try {
    const result = await fn();
    notify.success(titles.success ?? 'success');
    return result;
  } catch {
    notify.error(titles.failure ?? 'Operation has failed');
    return undefined;
  }
}
