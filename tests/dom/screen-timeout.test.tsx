import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { mockApi, renderApp, resetApp, signInAs } from './helpers';

// Two screens whose code never arrives, as over a connection that stalls: one per language, since a module import that
// was given up on is not pending again for the next test (vitest then loads the real module).
const started = vi.hoisted(() => ({ dashboard: false, logbook: false }));
vi.mock('@/app/routes/dashboard', () => {
  started.dashboard = true;
  return new Promise(() => undefined);
});
vi.mock('@/app/routes/logbook', () => {
  started.logbook = true;
  return new Promise(() => undefined);
});

describe('a screen whose code does not load (spec §8, 120 s time-out)', () => {
  afterEach(async () => {
    vi.useRealTimers();
    await resetApp();
  });

  it.each([
    ['en', 'dashboard', 'This screen did not load within 120 s', 'This page could not be displayed'],
    ['fr', 'logbook', 'Cet écran ne s’est pas chargé en 120 s', 'Cette page n’a pas pu s’afficher'],
  ] as const)(
    '%s: waits 120 s for the %s screen, then shows the error toast and the error page',
    async (language, stalled, message, title) => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      await i18n.changeLanguage(language);
      mockApi();
      signInAs('operator');
      renderApp(`/backoffice/${stalled}`);
      await waitFor(() => expect(started[stalled]).toBe(true));

      await act(() => vi.advanceTimersByTimeAsync(119_000));
      expect(screen.queryByTestId('error-toast')).not.toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();

      await act(() => vi.advanceTimersByTimeAsync(1_000));
      expect(await screen.findByTestId('error-toast')).toHaveTextContent(message);
      const page = (await screen.findByRole('heading', { name: title })).closest('[role="alert"]');
      expect(page).toHaveTextContent(message);
    },
  );
});
