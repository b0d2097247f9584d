import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { whileLeader } from '@/features/flights/components/own-position-poster';
import { setFlightConformance } from '@/features/flights/conformance-store';
import { startTakeoff } from '@/features/flights/takeoff-store';
import type { FlightConformance } from '@/shared/contracts/conformance';
import { i18n } from '@/lib/i18n';
import { mockApi, renderApp, resetApp, signInAs } from './helpers';

const state = (overrides: Partial<FlightConformance>): FlightConformance => ({
  missionId: 'mission-1',
  userId: 'user-1',
  ident: 'OO',
  source: 'mo',
  time: '2026-07-01T08:30:00.000Z',
  lat: 48.73,
  lon: 2.146,
  state: 'conforming',
  violations: [],
  warnings: [],
  edgeDistanceM: 120,
  toleranceM: 20,
  heightM: 40,
  maxHeightM: 50,
  slotEndsAt: null,
  ...overrides,
});

describe('the own flight conformance on every page (docs/flight.md)', () => {
  afterEach(async () => {
    setFlightConformance(null);
    await i18n.changeLanguage('en');
    await resetApp();
  });

  it('shows the warning then the violation on any back-office page while flying, in English and French, and vibrates', async () => {
    const vibrate = vi.fn(() => true);
    Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true });
    mockApi();
    signInAs('operator');
    startTakeoff('mission-1');
    renderApp('/backoffice/pilots');

    setFlightConformance(state({ state: 'warning', warnings: ['height'], heightM: 45 }));
    const banner = await screen.findByTestId('conformance-banner');
    expect(banner).toHaveAttribute('data-state', 'warning');
    expect(banner).toHaveTextContent('Maximum height');
    expect(banner).toHaveTextContent('Height 45 m / limit 50 m');

    setFlightConformance(state({ state: 'violating', violations: ['area'], edgeDistanceM: -31 }));
    await waitFor(() => expect(screen.getByTestId('conformance-banner')).toHaveAttribute('data-state', 'violating'));
    expect(screen.getByTestId('conformance-banner')).toHaveTextContent('31 m beyond the edge of the area');
    expect(vibrate).toHaveBeenCalledTimes(2);

    await i18n.changeLanguage('fr');
    expect(await screen.findByText('Infraction : vous êtes hors de ce qui a été accordé à votre mission')).toBeInTheDocument();

    setFlightConformance(state({ heightM: null }));
    await waitFor(() => expect(screen.queryByTestId('conformance-banner')).not.toBeInTheDocument());
  });

  it('runs the position poster in one tab at a time: the next one takes over when the first releases the lock', async () => {
    const holders: (() => void)[] = [];
    let held = Promise.resolve();
    const locks = {
      request: (_name: string, _options: unknown, callback: () => Promise<void>) => {
        const turn = held.then(callback);
        held = turn.catch(() => undefined);
        return turn;
      },
    } as unknown as LockManager;
    const started: string[] = [];
    const start = (tab: string) => () => {
      started.push(tab);
      return () => started.push(`${tab} stopped`);
    };

    holders.push(whileLeader(start('first'), locks), whileLeader(start('second'), locks));
    await waitFor(() => expect(started).toEqual(['first']));
    holders[0]!();
    await waitFor(() => expect(started).toEqual(['first', 'first stopped', 'second']));
    holders[1]!();
    await waitFor(() => expect(started).toEqual(['first', 'first stopped', 'second', 'second stopped']));
  });
});
