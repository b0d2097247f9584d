import { Suspense, type ReactNode } from 'react';
import { Center, Loader, MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import 'dayjs/locale/fr';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { firstDayOfWeek } from '@/lib/format';
import { i18n } from '@/lib/i18n';
import { cssVariablesResolver, theme } from './theme';
import { ToastHost } from './toast-host';

/** Mantine's date pickers speak the app's language (month and day names) and start the week as the reader's locale does. */
function LocalizedDates({ children }: { children: ReactNode }) {
  const { i18n: current } = useTranslation();
  const locale = current.language.startsWith('fr') ? 'fr' : 'en';
  return <DatesProvider settings={{ locale, firstDayOfWeek: firstDayOfWeek(current.language) }}>{children}</DatesProvider>;
}

/**
 * Everything a screen relies on: Mantine (its date pickers localized), toasts (3 at most, spec §9) and i18n. The react-query client comes with the
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
        <LocalizedDates>
          <ToastHost />
          {queryClient ? <QueryClientProvider client={queryClient}>{screens}</QueryClientProvider> : screens}
        </LocalizedDates>
      </MantineProvider>
    </I18nextProvider>
  );
}
