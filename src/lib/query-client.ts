import { QueryClient } from '@tanstack/react-query';
import { isAxiosError } from 'axios';

/** Retries only what may succeed a second time: network failures and 5xx, once. */
function shouldRetry(failureCount: number, error: unknown) {
  if (failureCount >= 1) return false;
  if (!isAxiosError(error)) return false;
  const status = error.response?.status;
  return status === undefined || (status >= 500 && status !== 503);
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
