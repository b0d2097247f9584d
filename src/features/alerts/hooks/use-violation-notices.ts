import { useEffect } from 'react';
import { env } from '@/config/env';
import { can } from '@/lib/authorization';
import { followEventStream } from '@/lib/event-stream';
import { i18n, loadNamespaces } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import { showToast } from '@/lib/toast';
import { liveViolationSchema } from '@/shared/contracts/traffic';

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
    return followEventStream(noticesUrl(), {
      onEvent: (event) => {
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
    });
  }, [listens, userId]);
}
