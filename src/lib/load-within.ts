import { REQUEST_TIMEOUT_MS } from '@/shared/domain/limits';
import { notifyError } from './api-client';
import { i18n, loadErrorTexts } from './i18n';

/**
 * Spec §8 "loading a screen part fails after a 120 s time-out": a screen's code still not loaded after the API's
 * time-out fails as an API call does (the error toast), and the route shows its error page with the same text.
 */
export function loadWithin<T>(load: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      void loadErrorTexts().finally(() => {
        const error = new Error(i18n.t('errors:SCREEN_LOAD_TIMEOUT', { seconds: REQUEST_TIMEOUT_MS / 1000 }));
        notifyError(error);
        reject(error);
      });
    }, REQUEST_TIMEOUT_MS);
  });
  return Promise.race([load, timedOut]).finally(() => clearTimeout(timer));
}
