import { lazy, Suspense, useSyncExternalStore } from 'react';
import { isToastHostRequested, loadNotifications, onToastHostRequested, TOAST_POSITION } from '@/lib/toast';
import { MAX_TOASTS, TOAST_DURATION_MS } from '@/shared/domain/limits';

const Notifications = lazy(() => loadNotifications().then((module) => ({ default: module.Notifications })));

/** The toast container, mounted with the first toast (spec §9: 3 at most, 12 s). */
export function ToastHost() {
  const requested = useSyncExternalStore(onToastHostRequested, isToastHostRequested, isToastHostRequested);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <Notifications limit={MAX_TOASTS} autoClose={TOAST_DURATION_MS} position={TOAST_POSITION} />
    </Suspense>
  );
}
