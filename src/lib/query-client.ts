import { QueryClient } from '@tanstack/react-query';
import { isAxiosError } from 'axios';
import { BUSY_RETRIES, busyWaitMs, isExportBusy } from './busy';

/** Retries only what may succeed a second time: network failures and 5xx once, a busy export after its wait. */
function shouldRetry(failureCount: number, error: unknown) {
  if (isExportBusy(error)) return failureCount < BUSY_RETRIES;
  if (failureCount >= 1) return false;
  if (!isAxiosError(error)) return false;
  const status = error.response?.status;
  return status === undefined || (status >= 500 && status !== 503);
}

/** React Query's own delay (1 s, doubling, at most 30 s), or the wait a busy export names. */
const retryDelay = (failureCount: number, error: unknown) =>
  isExportBusy(error) ? busyWaitMs(error) : Math.min(1000 * 2 ** failureCount, 30_000);

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, retryDelay, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
