import type * as MantineNotifications from '@mantine/notifications';
import type { NotificationData } from '@mantine/notifications';
import { MAX_TOASTS } from '@/shared/domain/limits';

export const TOAST_POSITION = 'top-right';

type Listener = () => void;

let hostRequested = false;
const hostListeners = new Set<Listener>();
let loading: Promise<typeof MantineNotifications> | null = null;

/**
 * Mantine's notifications (store, container, transitions) load with the first toast: most visits never
 * show one, and the login page's initial JavaScript is better off without them (docs/navigation.md).
 */
export function loadNotifications() {
  loading ??= import('@mantine/notifications').then((module) => {
    // Spec §9: at most 3 at once, also for toasts raised before the container has mounted.
    module.notificationsStore.updateState((state) => ({ ...state, limit: MAX_TOASTS, defaultPosition: TOAST_POSITION }));
    return module;
  });
  return loading;
}

export function isToastHostRequested() {
  return hostRequested;
}

export function onToastHostRequested(listener: Listener): () => void {
  hostListeners.add(listener);
  return () => hostListeners.delete(listener);
}

/** Shows a Mantine notification, mounting the toast container first if no toast has been shown yet. */
export function showToast(data: NotificationData) {
  if (!hostRequested) {
    hostRequested = true;
    for (const listener of hostListeners) listener();
  }
  void loadNotifications().then(({ notifications }) => notifications.show(data));
}
