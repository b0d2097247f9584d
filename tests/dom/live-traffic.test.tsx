import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LiveLegend } from '@/features/live/components/live-legend';
import { ReachNotice } from '@/features/live/components/reach-notice';
import { SelectedTarget } from '@/features/live/components/selected-target';
import { SpotList } from '@/features/live/components/spot-list';
import { EMPTY_LIVE_STATE, inBbox, liveReducer, SPOT_LIST_MAX, type LiveState } from '@/features/live/live-state';
import { actionOf, liveUrl, reachOf } from '@/features/live/use-live-traffic';
import { EventStreamError, followEventStream, readEventStream, type StreamEvent } from '@/lib/event-stream';
import { changeLanguage, i18n, initI18n, loadNamespaces } from '@/lib/i18n';
import { TRAFFIC_SOURCE_CODES } from '@/shared/contracts/alerts';
import type { LiveConformance, LiveTarget, LiveViolation } from '@/shared/contracts/traffic';
import { watchedFlights } from '@/features/airspace-live/watched-flights';
import type { GrantedVolume } from '@/shared/contracts/airspace-live';
import { VEHICLE_TYPES } from '@/shared/domain/enums';

const NOW = Date.parse('2026-11-24T10:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

function target(key: string, overrides: Partial<LiveTarget> = {}): LiveTarget {
  return {
    key,
    ident: key.split(':')[1] ?? key,
    label: '',
    source: 'as',
    type: 'drone',
    lat: 48.8,
    lon: 2.35,
    alt: 40,
    spd: 5,
    heading: 90,
    time: ago(1_000),
    squawk: null,
    onGround: null,
    own: false,
    missionId: null,
    ...overrides,
  };
}

function violation(id: string, overrides: Partial<LiveViolation> = {}): LiveViolation {
  return {
    id,
    alertId: 'alert-1',
    alertName: 'Stadium',
    alertType: 'doNotEnter',
    ident: 'OO',
    source: 'mo',
    missionId: 'mission-1',
    startedAt: ago(5_000),
    endedAt: null,
    lat: 48.8,
    lon: 2.35,
    worstValue: null,
    ...overrides,
  };
}

describe('live traffic stream: parser, reader and reducer', () => {
  it('parses events split anywhere across chunks, with CRLF, comments and multi-line data', async () => {
    const text = ': keep-alive\r\nevent: snapshot\r\ndata: {"a":\r\ndata: 1}\r\n\r\nevent: delta\ndata: {}\n\ndata: plain\nid: 9\n\n';
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let index = 0; index < text.length; index += 3) controller.enqueue(encoder.encode(text.slice(index, index + 3)));
        controller.close();
      },
    });
    const events: StreamEvent[] = [];
    await readEventStream('/x', { onEvent: (event) => events.push(event), fetchImpl: async () => new Response(body) });
    expect(events).toEqual([
      { event: 'snapshot', data: '{"a":\n1}' },
      { event: 'delta', data: '{}' },
      { event: 'message', data: 'plain', id: '9' },
    ]);
  });

  it('reads a stream over fetch with the bearer header, and refuses a non-2xx answer', async () => {
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode('event: delta\ndata: {"upserts":[],'));
        controller.enqueue(encoder.encode('"removals":["as:X"]}\n\n'));
        controller.close();
      },
    });
    const fetchImpl = vi.fn(async () => new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } }));
    const events: StreamEvent[] = [];
    await readEventStream('/api/traffics/live?bbox=1,2,3,4', {
      headers: { Authorization: 'Bearer t' },
      onEvent: (event) => events.push(event),
      fetchImpl,
    });
    expect(events).toEqual([{ event: 'delta', data: '{"upserts":[],"removals":["as:X"]}' }]);
    expect(fetchImpl).toHaveBeenCalledWith(
      '/api/traffics/live?bbox=1,2,3,4',
      expect.objectContaining({ headers: { Accept: 'text/event-stream', Authorization: 'Bearer t' } }),
    );

    const refused = readEventStream('/x', { onEvent: () => undefined, fetchImpl: async () => new Response('no', { status: 401 }) });
    await expect(refused).rejects.toEqual(new EventStreamError(401));
  });

  describe('following a stream', () => {
    afterEach(() => vi.useRealTimers());
    const closedAfter = (text: string) => async () => new Response(text, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });

    it('opens a closed stream again after 1 s, then 2 s, and starts over at 1 s once an event comes', async () => {
      vi.useFakeTimers();
      const fetchImpl = vi.fn(closedAfter(''));
      const onRetry = vi.fn();
      const stop = followEventStream('/api/traffics/live', { onEvent: () => undefined, onRetry, fetchImpl });

      await vi.advanceTimersByTimeAsync(0);
      expect(fetchImpl).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(fetchImpl).toHaveBeenCalledTimes(2);
      await vi.advanceTimersByTimeAsync(1_500);
      expect(fetchImpl).toHaveBeenCalledTimes(2);
      fetchImpl.mockImplementation(closedAfter('event: delta\ndata: {}\n\n'));
      await vi.advanceTimersByTimeAsync(500);
      expect(fetchImpl).toHaveBeenCalledTimes(3);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(fetchImpl).toHaveBeenCalledTimes(4);
      expect(onRetry).toHaveBeenCalledTimes(4);

      stop();
      await vi.advanceTimersByTimeAsync(60_000);
      expect(fetchImpl).toHaveBeenCalledTimes(4);
    });

    it('stops for good when the stream answers 401 and the session cannot be refreshed (signed out)', async () => {
      vi.useFakeTimers();
      const fetchImpl = vi.fn(async () => new Response('{"code":"UNAUTHENTICATED"}', { status: 401 }));
      const onRetry = vi.fn();
      followEventStream('/api/violations/notices', { onEvent: () => undefined, onRetry, fetchImpl });

      await vi.advanceTimersByTimeAsync(60_000);

      expect(fetchImpl).toHaveBeenCalledTimes(1);
      expect(onRetry).not.toHaveBeenCalled();
    });
  });

  it('turns contract-shaped events into actions and drops the rest', () => {
    expect(actionOf({ event: 'snapshot', data: JSON.stringify({ targets: [target('as:A')], violations: [] }) })).toMatchObject({
      type: 'snapshot',
    });
    expect(actionOf({ event: 'violation', data: JSON.stringify(violation('v1')) })).toMatchObject({ type: 'violation' });
    expect(actionOf({ event: 'delta', data: JSON.stringify({ upserts: [{ key: 'broken' }], removals: [] }) })).toBeNull();
    expect(actionOf({ event: 'delta', data: 'not json' })).toBeNull();
    expect(actionOf({ event: 'other', data: '{}' })).toBeNull();
    expect(liveUrl([2.123456789, 48.1, 2.5, 48.9])).toBe('/api/traffics/live?bbox=2.12346%2C48.1%2C2.5%2C48.9');
  });

  it('snapshot replaces, delta upserts (newest wins) and removes, violations add and end, prune drops the stale', () => {
    let state: LiveState = liveReducer(EMPTY_LIVE_STATE, {
      type: 'snapshot',
      snapshot: { targets: [target('as:A'), target('as:B')], violations: [violation('v0')] },
    });
    expect(Object.keys(state.targets).sort()).toEqual(['as:A', 'as:B']);

    state = liveReducer(state, {
      type: 'delta',
      delta: { upserts: [target('as:A', { lat: 48.9, time: ago(500) }), target('as:C')], removals: ['as:B'] },
    });
    expect(Object.keys(state.targets).sort()).toEqual(['as:A', 'as:C']);
    expect(state.targets['as:A']?.lat).toBe(48.9);

    // A late, older position of A does not move it back.
    state = liveReducer(state, { type: 'delta', delta: { upserts: [target('as:A', { lat: 1, time: ago(9_000) })], removals: [] } });
    expect(state.targets['as:A']?.lat).toBe(48.9);

    state = liveReducer(state, { type: 'violation', violation: violation('v1') });
    state = liveReducer(state, { type: 'violation', violation: violation('v1', { endedAt: ago(100) }) });
    expect(Object.keys(state.violations).sort()).toEqual(['v0', 'v1']);
    expect(state.violations.v1?.endedAt).toBe(ago(100));

    state = liveReducer(state, { type: 'delta', delta: { upserts: [target('as:OLD', { time: ago(61_000) })], removals: [] } });
    const pruned = liveReducer(state, { type: 'prune', now: NOW, staleMs: 60_000 });
    expect(Object.keys(pruned.targets).sort()).toEqual(['as:A', 'as:C']);
    expect(liveReducer(pruned, { type: 'prune', now: NOW, staleMs: 60_000 })).toBe(pruned);
    expect(Object.keys(liveReducer(pruned, { type: 'prune', now: NOW + 60_000, staleMs: 60_000 }).targets)).toEqual([]);

    const fresh = liveReducer(state, { type: 'snapshot', snapshot: { targets: [], violations: [] } });
    expect(fresh).toEqual(EMPTY_LIVE_STATE);
  });

  it("keeps each shown target's latest conformance state, and drops it with the target", () => {
    const state = (key: string, value: LiveConformance['state'], time = ago(1_000)): LiveConformance => ({
      key,
      missionId: 'mission-1',
      userId: null,
      ident: 'A',
      source: 'as',
      time,
      lat: 48.8,
      lon: 2.35,
      state: value,
      violations: value === 'violating' ? ['area'] : [],
      warnings: [],
      edgeDistanceM: -20,
      toleranceM: 10,
      heightM: 40,
      maxHeightM: 50,
      slotEndsAt: null,
    });
    expect(actionOf({ event: 'conformance', data: JSON.stringify(state('as:A', 'warning')) })).toMatchObject({ type: 'conformance' });
    let live = liveReducer(EMPTY_LIVE_STATE, { type: 'snapshot', snapshot: { targets: [target('as:A')], violations: [] } });
    live = liveReducer(live, { type: 'conformance', conformance: state('as:A', 'violating') });
    live = liveReducer(live, { type: 'conformance', conformance: state('as:A', 'conforming', ago(9_000)) });
    expect(live.conformance['as:A']?.state).toBe('violating');
    live = liveReducer(live, { type: 'delta', delta: { upserts: [], removals: ['as:A'] } });
    expect(live.conformance).toEqual({});
  });

  it("lists a manager's flights violating first, captioned with their mission and request reference", () => {
    const volume = (missionId: string, title: string, referenceNumber: string): GrantedVolume => ({
      missionId,
      title,
      requestId: `request-${missionId}`,
      referenceNumber,
      airspaceId: 'airspace-1',
      status: 'accepted',
      area: null,
      reducedAreas: [],
      maxHeightM: 50,
      startAt: null,
      endAt: null,
      flying: true,
    });
    const conforming = target('as:OK', { missionId: 'm1' });
    const leaving = target('as:OUT', { missionId: 'm2' });
    const unknown = target('as:UFO');
    const flights = watchedFlights(
      [conforming, unknown, leaving],
      { 'as:OUT': { ...({} as LiveConformance), key: 'as:OUT', missionId: 'm2', state: 'violating', time: ago(0) } },
      [volume('m1', 'Roofs', 'AG-1'), volume('m2', 'Bridge', 'AG-2')],
    );

    expect(flights.map((flight) => [flight.caption, flight.state])).toEqual([
      ['Bridge · AG-2', 'violating'],
      ['UFO', 'unidentified'],
      ['Roofs · AG-1', 'conforming'],
    ]);
  });

  it('keeps targets in the viewport, across the antimeridian too', () => {
    expect(inBbox({ lat: 48.8, lon: 2.35 }, [2, 48, 3, 49])).toBe(true);
    expect(inBbox({ lat: 47.9, lon: 2.35 }, [2, 48, 3, 49])).toBe(false);
    expect(inBbox({ lat: 0, lon: -179 }, [170, -10, -170, 10])).toBe(true);
    expect(inBbox({ lat: 0, lon: 0 }, [170, -10, -170, 10])).toBe(false);
  });
});

const renderWithProviders = (node: React.ReactNode) =>
  render(
    <MantineProvider>
      <I18nextProvider i18n={i18n}>{node}</I18nextProvider>
    </MantineProvider>,
  );

describe('live map panel: spot list and legend', () => {
  beforeAll(async () => {
    await initI18n('en');
    await loadNamespaces('live');
  });

  afterEach(async () => {
    await changeLanguage('en');
  });

  it(`shows the first ${SPOT_LIST_MAX} targets, the user's own first, and says how many more`, async () => {
    const onSelect = vi.fn();
    const many = Array.from({ length: SPOT_LIST_MAX + 7 }, (_, index) => target(`as:T${String(index).padStart(3, '0')}`));
    renderWithProviders(
      <SpotList
        targets={[...many, target('mo:OO', { own: true, source: 'mo', type: 'user' })]}
        selectedKey={null}
        onSelect={onSelect}
        loading={false}
      />,
    );

    const spots = screen.getAllByTestId('spot');
    expect(spots).toHaveLength(SPOT_LIST_MAX);
    expect(spots[0]).toHaveAttribute('data-key', 'mo:OO');
    expect(spots[1]).toHaveAttribute('data-key', 'as:T000');
    expect(screen.getByTestId('spot-list-more')).toHaveTextContent('First 50 shown: 8 more in view, zoom in to see them.');

    await userEvent.click(spots[1]!);
    expect(onSelect).toHaveBeenCalledWith('as:T000');
  });

  it('has no "more" line under the cap, an empty and a loading state, in French too', async () => {
    const { rerender } = renderWithProviders(
      <SpotList targets={[target('as:A')]} selectedKey="as:A" onSelect={() => undefined} loading={false} />,
    );
    expect(screen.getByTestId('spot')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByTestId('spot-list-more')).not.toBeInTheDocument();

    await changeLanguage('fr');
    rerender(
      <MantineProvider>
        <I18nextProvider i18n={i18n}>
          <SpotList targets={[]} selectedKey={null} onSelect={() => undefined} loading={false} />
        </I18nextProvider>
      </MantineProvider>,
    );
    expect(screen.getByTestId('spot-list-empty')).toHaveTextContent('Aucun trafic dans la vue.');
    rerender(
      <MantineProvider>
        <I18nextProvider i18n={i18n}>
          <SpotList targets={[]} selectedKey={null} onSelect={() => undefined} loading />
        </I18nextProvider>
      </MantineProvider>,
    );
    expect(screen.getByTestId('spot-list-loading')).toBeVisible();
  });

  it("says, in English and French, when the map shows this server's traffic only, and nothing otherwise", async () => {
    expect(reachOf({ event: 'status', data: '{"reach":"instance"}' })).toBe('instance');
    expect(reachOf({ event: 'status', data: '{"reach":"all"}' })).toBe('all');
    expect(reachOf({ event: 'status', data: '{"reach":"mars"}' })).toBeNull();
    expect(reachOf({ event: 'status', data: 'not json {' })).toBeNull();
    expect(reachOf({ event: 'delta', data: '{"reach":"instance"}' })).toBeNull();

    const { rerender } = renderWithProviders(<ReachNotice reach="all" />);
    expect(screen.queryByTestId('live-reach')).not.toBeInTheDocument();
    rerender(
      <MantineProvider>
        <I18nextProvider i18n={i18n}>
          <ReachNotice reach="instance" />
        </I18nextProvider>
      </MantineProvider>,
    );
    expect(screen.getByTestId('live-reach')).toHaveTextContent("This server's traffic only");
    await changeLanguage('fr');
    expect(await screen.findByText(/Trafic de ce serveur seulement/)).toBeVisible();
  });

  it('names an aircraft by its ADS-B callsign and shows its squawk and that it is on the ground, in French too', async () => {
    const aircraft = target('ab:A262D4', { source: 'ab', type: 'plane', label: 'AAL433', squawk: '3543', onGround: true });
    const { unmount } = renderWithProviders(<SelectedTarget target={aircraft} onClose={() => undefined} />);
    expect(screen.getByTestId('selected-target')).toHaveTextContent('AAL433');
    expect(screen.getByTestId('selected-target-transponder')).toHaveTextContent('Squawk 3543 · On the ground');
    unmount();

    await changeLanguage('fr');
    renderWithProviders(<SelectedTarget target={{ ...aircraft, onGround: false }} onClose={() => undefined} />);
    expect(screen.getByTestId('selected-target-transponder')).toHaveTextContent('Transpondeur 3543');
    expect(screen.getByTestId('selected-target-transponder')).not.toHaveTextContent('Au sol');
  });

  it('the legend names all 12 vehicle types and all 8 sources', () => {
    renderWithProviders(<LiveLegend />);
    const legend = screen.getByTestId('live-legend');
    expect(
      within(legend)
        .getAllByTestId('legend-type')
        .map((item) => item.dataset.type),
    ).toEqual([...VEHICLE_TYPES]);
    expect(
      within(legend)
        .getAllByTestId('legend-source')
        .map((item) => item.dataset.source),
    ).toEqual([...TRAFFIC_SOURCE_CODES]);
    expect(legend).toHaveTextContent('Octocopter');
    expect(legend).toHaveTextContent('Aeroscope');
  });
});
