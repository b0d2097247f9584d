import { useEffect } from 'react';
import { apiErrorCode } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { fetchPushKey, registerSubscription } from '../api/push';

/** The service worker that shows push messages (public/push-sw.js). */
export const PUSH_WORKER_URL = '/push-sw.js';

/** The VAPID public key (base64url) as the bytes PushManager.subscribe takes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

const pushSupported = () =>
  typeof window !== 'undefined' && 'Notification' in window && 'serviceWorker' in navigator && 'PushManager' in window;

async function register(subscription: PushSubscription) {
  const json = subscription.toJSON();
  if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth) return;
  await registerSubscription({
    endpoint: json.endpoint,
    keys: { p256dh: json.keys.p256dh, auth: json.keys.auth },
    device: navigator.userAgent.slice(0, 200),
  });
}

async function subscribe() {
  const registration = await navigator.serviceWorker.register(PUSH_WORKER_URL);
  const fresh = async () =>
    registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(await fetchPushKey()) });
  const existing = await registration.pushManager.getSubscription();
  try {
    await register(existing ?? (await fresh()));
  } catch (error) {
    // This browser's subscription is another account's (signed in here before): it gets a new one of its own.
    if (!existing || apiErrorCode(error) !== 'PUSH_ENDPOINT_TAKEN') throw error;
    await existing.unsubscribe();
    await register(await fresh());
  }
}

/**
 * Spec shell §5: the browser's notification permission is asked for on load. Once it is granted and someone is
 * signed in, this browser subscribes to push and is registered as one of the user's terminals (alerts, messages
 * from the supervision). Refusals and failures are silent: push is a convenience, never a blocker.
 */
export function usePushRegistration() {
  const session = useSession();
  const userEmail = session?.email ?? null;

  useEffect(() => {
    if (!pushSupported() || Notification.permission !== 'default') return;
    Notification.requestPermission().catch(() => undefined);
  }, []);

  useEffect(() => {
    if (!userEmail || !pushSupported()) return;
    let cancelled = false;
    const register = () => {
      if (!cancelled && Notification.permission === 'granted') subscribe().catch(() => undefined);
    };
    register();
    // The answer to the permission request may come after sign-in.
    const status = navigator.permissions?.query({ name: 'notifications' });
    status
      ?.then((permission) => {
        permission.onchange = register;
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      status
        ?.then((permission) => {
          permission.onchange = null;
        })
        .catch(() => undefined);
    };
  }, [userEmail]);
}
