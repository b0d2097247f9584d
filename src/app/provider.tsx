import { Suspense, type ReactNode } from 'react';
import { Center, Loader, MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { usePushRegistration } from '@/features/push/hooks/use-push-registration';
import { i18n } from '@/lib/i18n';
import { queryClient as defaultQueryClient } from '@/lib/query-client';
import { cssVariablesResolver, theme } from './theme';
import { ToastHost } from './toast-host';

/** Everything a screen relies on: Mantine, toasts (3 at most, spec §9), react-query and i18n. */
export function AppProvider({ children, queryClient = defaultQueryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  usePushRegistration();
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <ToastHost />
        <QueryClientProvider client={queryClient}>
          <Suspense
            fallback={
              <Center mih="100dvh">
                <Loader aria-hidden />
              </Center>
            }
          >
            {children}
          </Suspense>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}
