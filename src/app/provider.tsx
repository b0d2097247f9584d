import { Suspense, useMemo, type ReactNode } from 'react';
import { Center, Loader, MantineProvider, mergeThemeOverrides } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { i18n } from '@/lib/i18n';
import { cssVariablesResolver, theme } from './theme';
import { ToastHost } from './toast-host';

/** Mantine in the app's language: a dialog's close button is named, whatever dialog (axe-core's `button-name`). */
function LocalizedMantine({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  const localized = useMemo(
    () =>
      mergeThemeOverrides(theme, {
        // A plain override, not `Modal.extend`: the login page's JavaScript does not carry the Modal.
        components: { Modal: { defaultProps: { closeButtonProps: { 'aria-label': t('close') } } } },
      }),
    [t],
  );
  return (
    <MantineProvider theme={localized} cssVariablesResolver={cssVariablesResolver}>
      {children}
    </MantineProvider>
  );
}

/**
 * Everything a screen relies on: Mantine, toasts (3 at most, spec §9) and i18n. The react-query client and the date
 * pickers' language come with the screens past the login page (`QueryLayout`); a test may pass its own client here.
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
      <LocalizedMantine>
        <ToastHost />
        {queryClient ? <QueryClientProvider client={queryClient}>{screens}</QueryClientProvider> : screens}
      </LocalizedMantine>
    </I18nextProvider>
  );
}
