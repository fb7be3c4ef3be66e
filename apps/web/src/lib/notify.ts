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
 * The one wording of an outcome snack, on every screen: what changed, then what happened to it
 * ('Tissue updated', 'Address deleted'), as the spec's own snacks read ('User updated', 'Address updated').
 */
export const snack = {
  updated: (thing: string) => `${thing} updated`,
  added: (thing: string) => `${thing} added`,
  deleted: (thing: string) => `${thing} deleted`,
  archived: (thing: string) => `${thing} archived`,
};

const told = new WeakSet<object>();

/** Marks a failure as already told to the user (the loading overlay's snack), so that it is not told twice. */
export function markTold(err: unknown): void {
  if (typeof err === 'object' && err !== null) told.add(err);
}

/** Was this failure already told to the user? */
export function wasTold(err: unknown): boolean {
  return typeof err === 'object' && err !== null && told.has(err);
}
