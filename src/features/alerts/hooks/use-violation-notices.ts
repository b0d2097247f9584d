import { useEffect } from 'react';
import { env } from '@/config/env';
import { refreshSession } from '@/lib/api-client';
import { can } from '@/lib/authorization';
import { EventStreamError, readEventStream } from '@/lib/event-stream';
import { i18n, loadNamespaces } from '@/lib/i18n';
import { getToken, useSession } from '@/lib/session';
import { showToast } from '@/lib/toast';
import { liveViolationSchema } from '@/shared/contracts/traffic';

/** Retries after a failed or closed stream: 1 s, 2 s, 4 s … up to 30 s. */
const RETRY_MIN_MS = 1000;
const RETRY_MAX_MS = 30_000;

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

export const noticesUrl = () => `${env.apiUrl.replace(/\/+$/, '')}/violations/notices`;

/**
 * An airspace manager's on-screen notice (docs/airspace-manager.md): while he is signed in, anywhere in the back
 * office, a red toast names each flight of his airspaces that starts a violation, as soon as the server raises it.
 */
export function useViolationNotices() {
  const session = useSession();
  const listens = !!session && can(session, 'PREFLIGHTPROCEDURE_LIST');
  const userId = session?.userId;

  useEffect(() => {
    if (!listens) return;
    const controller = new AbortController();
    let retry = RETRY_MIN_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const connect = () => {
      const token = getToken();
      readEventStream(noticesUrl(), {
        headers: token ? { Authorization: `Bearer ${token}` } : {},
        signal: controller.signal,
        onEvent: (event) => {
          retry = RETRY_MIN_MS;
          if (event.event !== 'violation') return;
          const parsed = liveViolationSchema.safeParse(parseJson(event.data));
          if (!parsed.success) return;
          const violation = parsed.data;
          void loadNamespaces('alerts').then(() =>
            showToast({
              color: 'red',
              autoClose: 15_000,
              title: i18n.t('alerts:notice.title'),
              message: i18n.t('alerts:notice.message', { ident: violation.ident, alert: violation.alertName }),
              'data-testid': 'violation-notice',
            }),
          );
        },
      })
        .catch(async (error: unknown) => {
          if (controller.signal.aborted) return;
          if (error instanceof EventStreamError && error.status === 401) await refreshSession().catch(() => undefined);
        })
        .finally(() => {
          if (controller.signal.aborted) return;
          timer = setTimeout(connect, retry);
          retry = Math.min(retry * 2, RETRY_MAX_MS);
        });
    };
    connect();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [listens, userId]);
}
