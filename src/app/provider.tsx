import { Suspense, type ReactNode } from 'react';
import { Center, Loader, MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '@/lib/i18n';
import { cssVariablesResolver, theme } from './theme';
import { ToastHost } from './toast-host';

/**
 * Everything a screen relies on: Mantine, toasts (3 at most, spec §9) and i18n. The react-query client comes with the
 * screens past the login page (`QueryLayout`); a test may pass its own here.
 */
export function AppProvider({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const screens = (
    <Suspense
      fallback={
        <Center mih="100dvh">
          <Loader aria-hidden />
        </Center>
      }
    >
      {children}
    </Suspense>
  );
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <ToastHost />
        {queryClient ? <QueryClientProvider client={queryClient}>{screens}</QueryClientProvider> : screens}
      </MantineProvider>
    </I18nextProvider>
  );
}
