import type * as MantineNotifications from '@mantine/notifications';
import type { NotificationData } from '@mantine/notifications';
import { MAX_TOASTS } from '@/shared/domain/limits';
import { i18n } from './i18n';

/**
 * Bottom left: the top right holds the mission editor's Save button and every page's header actions, the bottom right
 * the Save buttons at the end of forms (docs/navigation.md "Toasts").
 */
export const TOAST_POSITION = 'bottom-left';

const ERROR_TOAST_PREFIX = 'error-';
let errorToasts = 0;

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
  // Mantine's close button is an icon without a name for screen readers.
  void loadNotifications().then(({ notifications }) =>
    notifications.show({ closeButtonProps: { 'aria-label': i18n.t('common:close') }, ...data }),
  );
}

/**
 * An error toast replaces the error toasts still shown or queued: one failure (a query retried, parallel calls failing
 * alike) shows once, and the newest error (a lockout after wrong passwords) is not queued behind older ones.
 */
export function showErrorToast(data: NotificationData) {
  errorToasts += 1;
  const id = `${ERROR_TOAST_PREFIX}${errorToasts}`;
  void loadNotifications().then(({ notificationsStore }) => dropErrorToasts(notificationsStore));
  showToast({ ...data, id });
}

/** Removes every error toast, shown or queued: a successful sign-in leaves no error of the attempts before it. */
export function clearErrorToasts() {
  if (!hostRequested) return;
  void loadNotifications().then(({ notificationsStore }) => dropErrorToasts(notificationsStore));
}

function dropErrorToasts(store: typeof MantineNotifications.notificationsStore) {
  const isError = (toast: NotificationData) => typeof toast.id === 'string' && toast.id.startsWith(ERROR_TOAST_PREFIX);
  store.updateState((state) => ({
    ...state,
    notifications: state.notifications.filter((toast) => !isError(toast)),
    queue: state.queue.filter((toast) => !isError(toast)),
  }));
}
