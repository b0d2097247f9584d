import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LiveViolation } from '@/shared/contracts/traffic';
import { mockApi, renderApp, resetApp, signInAs } from './helpers';

const STARTED: LiveViolation = {
  id: 'episode-1',
  alertId: 'alert-1',
  alertName: 'Campus photogrammetry area',
  alertType: 'missionCompliance',
  ident: 'DRN-42',
  source: 'wi',
  missionId: null,
  startedAt: '2026-06-15T08:00:00.000Z',
  endedAt: null,
  lat: 48.71,
  lon: 2.17,
  worstValue: 35,
};

/** The notices stream as the server writes it: a comment, then one event, left open. */
function noticesStream() {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(`: connected\n\nevent: violation\ndata: ${JSON.stringify(STARTED)}\n\n`));
    },
  });
  return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
}

describe("an airspace manager's on-screen violation notices", () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await resetApp();
  });

  it('opens the notices stream for a manager and shows a toast naming the flight and its alert', async () => {
    mockApi();
    const apiFetch = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: string, init?: RequestInit) =>
      String(input).endsWith('/violations/notices') ? noticesStream() : apiFetch(input, init),
    );
    signInAs('airspaceManager');
    renderApp('/backoffice/dashboard');

    const notice = await screen.findByTestId('violation-notice');
    expect(notice).toHaveTextContent('DRN-42: Campus photogrammetry area');
  });

  it('opens no stream for an operator', async () => {
    const api = mockApi();
    signInAs('operator');
    renderApp('/backoffice/dashboard');

    await screen.findByTestId('screen-dashboard');
    expect(api.to('GET', 'violations/notices')).toEqual([]);
  });
});
