import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { getTakeoffs, refreshStaleTakeoffs, startTakeoff, stopTakeoff, TAKEOFFS_STORAGE_KEY } from '@/features/flights/takeoff-store';
import { TAKEOFF_ROUTINE_DELAY_MS } from '@/shared/domain/limits';
import { mockApi, networkError, renderApp, resetApp, signInAs } from './helpers';

describe('takeoff tracking (spec §3, §4, §7)', () => {
  afterEach(resetApp);

  it('shows the recording marker while a takeoff is active and hides it on landing', async () => {
    const api = mockApi(() => ({ status: 204 }));
    signInAs('operator');
    renderApp('/backoffice/dashboard');
    await screen.findByTestId('screen-dashboard');
    expect(screen.queryByTestId('recording-marker')).not.toBeInTheDocument();

    await startTakeoff('mission-1');

    expect(await screen.findByTestId('recording-marker')).toHaveAccessibleName('Flight in progress: recording (1)');
    expect(api.to('POST', 'preflights/takeoff')[0]).toMatchObject({ body: { preFlightId: 'mission-1' }, silent: true });
    expect(JSON.parse(localStorage.getItem(TAKEOFFS_STORAGE_KEY) ?? '[]')).toEqual([
      expect.objectContaining({ id: 'mission-1', first: expect.any(Number), last: expect.any(Number) }),
    ]);

    await stopTakeoff('mission-1');

    await waitFor(() => expect(screen.queryByTestId('recording-marker')).not.toBeInTheDocument());
    expect(api.to('POST', 'preflights/landing')[0]).toMatchObject({ body: { preFlightId: 'mission-1' }, silent: true });
  });

  const entry = (to: string, action: string, at: number) => ({
    id: `${action}-${at}`,
    from: null,
    to,
    action,
    actorId: null,
    reason: null,
    at: new Date(at).toISOString(),
  });
  const historyOf = (url: string) => /^preflights\/([^/]+)\/history$/.exec(url)?.[1];

  it('pings again only the takeoffs whose last ping is older than 15 s, ignoring failures', async () => {
    const now = Date.now();
    const api = mockApi((request) => {
      const historyId = historyOf(request.url);
      if (historyId) return { status: 200, data: [entry('onGoing', 'takeOff', now - 60_000)] };
      return (request.body as { preFlightId: string }).preFlightId === 'broken' ? networkError() : { status: 204 };
    });
    await startTakeoff('stale', undefined, now - TAKEOFF_ROUTINE_DELAY_MS - 1);
    await startTakeoff('fresh', undefined, now - 1000);
    await startTakeoff('broken', undefined, now - TAKEOFF_ROUTINE_DELAY_MS - 1);
    api.requests.length = 0;

    await refreshStaleTakeoffs(now);

    expect(
      api
        .to('POST', 'preflights/takeoff')
        .map((request) => (request.body as { preFlightId: string }).preFlightId)
        .sort(),
    ).toEqual(['broken', 'stale']);
    const byId = Object.fromEntries(getTakeoffs().map((record) => [record.id, record.last]));
    expect(byId).toEqual({ stale: now, fresh: now - 1000, broken: now - TAKEOFF_ROUTINE_DELAY_MS - 1 });
  });

  it('drops, without taking off again, a take-off landed since from another device', async () => {
    const now = Date.now();
    const first = now - 5 * 60_000;
    const api = mockApi((request) => {
      if (historyOf(request.url) === 'landed-elsewhere')
        return { status: 200, data: [entry('onGoing', 'takeOff', first), entry('validated', 'land', now - 30_000)] };
      if (historyOf(request.url) === 'never-reached') return { status: 200, data: [entry('validated', 'validate', first - 60_000)] };
      return { status: 204 };
    });
    await startTakeoff('landed-elsewhere', undefined, first);
    await startTakeoff('never-reached', undefined, first);
    api.requests.length = 0;

    await refreshStaleTakeoffs(now);

    // The take-off the server never heard of is sent again; the one landed elsewhere is forgotten.
    expect(api.to('POST', 'preflights/takeoff').map((request) => (request.body as { preFlightId: string }).preFlightId)).toEqual([
      'never-reached',
    ]);
    expect(getTakeoffs().map((record) => record.id)).toEqual(['never-reached']);
    expect(api.to('GET', 'preflights/landed-elsewhere/history')[0]).toMatchObject({ silent: true });
  });
});
