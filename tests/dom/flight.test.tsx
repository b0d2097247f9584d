import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setFlightConformance } from '@/features/flights/conformance-store';
import { getPositionStatus, identOf, startPositionPoster } from '@/features/flights/position-poster';
import { getTakeoffs, startTakeoff, stopTakeoff } from '@/features/flights/takeoff-store';
import { i18n } from '@/lib/i18n';
import type { FlightConformance } from '@/shared/contracts/conformance';
import type { MissionDetail } from '@/shared/contracts/missions';
import type { PostFlight } from '@/shared/contracts/post-flights';
import type { TakeoffCheck, TakeoffCheckItem } from '@/shared/contracts/takeoff-check';
import type { TrafficPost } from '@/shared/contracts/traffic';
import { allowedActions, type MissionStatus } from '@/shared/domain/mission-status';
import { mockApi, renderApp, resetApp, signInAs, type ProfileName } from './helpers';

const OWNER = 'user-1';

function missionDetail(status: MissionStatus, overrides: Partial<MissionDetail> = {}): MissionDetail {
  return {
    id: 'mission-1',
    ownerId: OWNER,
    title: 'Bridge inspection',
    status,
    referentPilot: { id: 'pilot-7', firstName: 'Rita', lastName: 'Referent' },
    mainMachine: null,
    maxHeightM: 50,
    areaKm2: 0.2,
    startAt: null,
    endAt: null,
    country: 'FR',
    allowedActions: allowedActions(status),
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    additionalPilots: [],
    additionalMachines: [],
    minHeightM: null,
    maxAltitudeFt: null,
    maxAltitudeSource: null,
    groundElevationM: null,
    groundElevationSource: null,
    fieldsLocked: false,
    maximumDurationMin: null,
    totalFlightTimeMin: null,
    description: null,
    camerawork: false,
    areas: null,
    waypoints: null,
    contextMarkers: [],
    safetyZones: null,
    constraints: null,
    scenario: null,
    lastVerdict: null,
    lastVerdictAt: null,
    requestDate: null,
    teleServiceNumber: null,
    orderingParty: null,
    additionalRequirements: null,
    duplicatedFromId: null,
    ...overrides,
  };
}

function emptyDiary(mission: MissionDetail): PostFlight {
  return {
    missionId: mission.id,
    missionTitle: mission.title,
    missionStatus: mission.status,
    flightTimeMin: null,
    activity: null,
    activityOther: null,
    proposedFlightTimeMin: { fromFlights: null, fromTracks: null },
    flights: [],
    notes: [],
    history: [],
    updatedAt: null,
  };
}

/** A go/no-go check with nothing against the take-off, or with `items` in place of its pilot and alerts lines. */
function takeoffCheck(items: TakeoffCheckItem[] = []): TakeoffCheck {
  const all: TakeoffCheckItem[] = [
    { item: 'mission', level: 'ok', code: null, params: { status: 'validated' } },
    ...items,
    { item: 'machine', level: 'ok', code: null, params: { machine: 'Quad (SN-1)' } },
    { item: 'weather', level: 'info', code: 'TAKEOFF_NO_WEATHER', params: {} },
  ];
  return {
    at: '2026-07-01T08:30:00.000Z',
    items: all,
    blocked: all.some((item) => item.level === 'blocking'),
    needsReason: all.some((item) => item.level === 'warning'),
  };
}

/** What the mission screen reads beside the mission: its weather (none), its empty diary, its take-off check. */
function sideReads(url: string, mission: MissionDetail, check: TakeoffCheck = takeoffCheck()) {
  if (url === 'preflights/mission-1/weather') return { status: 422, data: { code: 'NO_WEATHER_FORECAST', message: 'none' } };
  if (url === 'preflights/mission-1/takeoff-check') return { status: 200, data: check };
  if (url === 'postflights/mission-1') return { status: 200, data: emptyDiary(mission) };
  return undefined;
}

/** The mission screen with a server whose mission is `current()`; other reads answer empty. */
function serveMission(current: () => MissionDetail, check?: TakeoffCheck) {
  return mockApi((request) => {
    if (request.method === 'GET' && request.url === 'preflights/mission-1') return { status: 200, data: current() };
    if (request.method === 'GET' && request.url === 'preflights/mission-1/history') return { status: 200, data: [] };
    const read = sideReads(request.url, current(), check);
    if (read) return read;
    if (request.method === 'POST' && request.url.startsWith('preflights/')) return { status: 204 };
    if (request.method === 'GET') return { status: 200, data: { items: [], total: 0 } };
    return undefined;
  });
}

async function openMission(profile: ProfileName, mission: MissionDetail) {
  signInAs(profile);
  const api = serveMission(() => mission);
  renderApp('/backoffice/preflights/edit/mission-1');
  // The editor is the largest lazy screen: its first load in a run takes longer on a busy machine.
  await screen.findByTestId('mission-form');
  return api;
}

describe('take-off and landing on the mission screen (spec §3, §4, §7)', () => {
  afterEach(resetApp);

  it.each([
    ['the operator, validated', 'operator', missionDetail('validated'), ['flight-takeOff']],
    ['the operator, flying', 'operator', missionDetail('onGoing'), ['flight-land', 'flight-requestEnd']],
    [
      'the referent pilot, validated',
      'supervisedPilot',
      missionDetail('validated', { ownerId: 'boss', referentPilot: { id: 'pilot-42', firstName: 'P', lastName: 'P' } }),
      ['flight-takeOff'],
    ],
    [
      'an additional pilot, flying',
      'supervisedPilot',
      missionDetail('onGoing', { ownerId: 'boss', additionalPilots: [{ id: 'pilot-42', firstName: 'P', lastName: 'P' }] }),
      ['flight-land', 'flight-requestEnd'],
    ],
    ['the operator, awaiting validation', 'operator', missionDetail('toBeValidated'), []],
    ['the operator, archived', 'operator', missionDetail('archived'), []],
    ['someone else', 'operator', missionDetail('validated', { ownerId: 'someone-else' }), []],
    ['a pilot of another mission', 'supervisedPilot', missionDetail('onGoing', { ownerId: 'boss' }), []],
  ] as const)('%s: the flight buttons its status and role allow', async (_case, profile, mission, buttons) => {
    await openMission(profile, mission);
    const shown = ['flight-takeOff', 'flight-land', 'flight-requestEnd'].filter((id) => screen.queryByTestId(id));
    expect(shown).toEqual(buttons);
    expect(!!screen.queryByTestId('open-flight-panel')).toBe(buttons.length > 0);
  });

  it('takes off silently, reads the mission again, shows the marker; lands and the marker goes', async () => {
    signInAs('operator');
    let mission = missionDetail('validated');
    const api = serveMission(() => mission);
    renderApp('/backoffice/preflights/edit/mission-1');
    await screen.findByTestId('flight-takeOff');
    expect(screen.queryByTestId('recording-marker')).not.toBeInTheDocument();
    const readsBefore = api.to('GET', 'preflights/mission-1').length;

    mission = missionDetail('onGoing');
    await userEvent.click(screen.getByTestId('flight-takeOff'));
    const panel = await screen.findByTestId('takeoff-check');
    await waitFor(() => expect(panel).toHaveAttribute('data-state', 'go'));
    expect(within(panel).queryByTestId('takeoff-check-reason')).not.toBeInTheDocument();
    await userEvent.click(within(panel).getByTestId('takeoff-check-confirm'));

    expect(await screen.findByTestId('flight-land')).toBeVisible();
    expect(api.to('POST', 'preflights/takeoff')).toEqual([expect.objectContaining({ body: { preFlightId: 'mission-1' }, silent: true })]);
    expect(api.to('GET', 'preflights/mission-1').length).toBeGreaterThan(readsBefore);
    expect(screen.getByTestId('recording-marker')).toBeVisible();
    expect(getTakeoffs().map((record) => record.id)).toEqual(['mission-1']);

    mission = missionDetail('validated');
    await userEvent.click(screen.getByTestId('flight-land'));

    expect(await screen.findByTestId('flight-takeOff')).toBeVisible();
    expect(api.to('POST', 'preflights/landing')).toEqual([expect.objectContaining({ body: { preFlightId: 'mission-1' }, silent: true })]);
    await waitFor(() => expect(screen.queryByTestId('recording-marker')).not.toBeInTheDocument());
  });

  it('a take-off the server refuses is dropped without a toast and said inline', async () => {
    signInAs('operator');
    const api = mockApi((request) => {
      if (request.url === 'preflights/takeoff') return { status: 409, data: { code: 'FLIGHT_OUTSIDE_SLOT', message: 'x' } };
      if (request.method === 'GET' && request.url === 'preflights/mission-1') return { status: 200, data: missionDetail('validated') };
      const read = sideReads(request.url, missionDetail('validated'));
      if (read) return read;
      if (request.method === 'GET') return { status: 200, data: [] };
      return undefined;
    });
    renderApp('/backoffice/preflights/edit/mission-1');
    await userEvent.click(await screen.findByTestId('flight-takeOff'));
    await userEvent.click(within(await screen.findByTestId('takeoff-check')).getByTestId('takeoff-check-confirm'));

    expect(await screen.findByTestId('flight-not-recorded')).toBeVisible();
    expect(api.to('POST', 'preflights/takeoff')).toHaveLength(1);
    expect(getTakeoffs()).toEqual([]);
    expect(screen.queryByTestId('recording-marker')).not.toBeInTheDocument();
    expect(document.querySelector('.mantine-Notification-root')).toBeNull();
  });

  it('the go/no-go panel refuses a take-off blocked by an expired pilot document, in French too', async () => {
    const check = takeoffCheck([
      {
        item: 'pilot',
        level: 'blocking',
        code: 'TAKEOFF_PILOT_DOCUMENT_EXPIRED',
        params: { pilot: 'Eve Expired', skillType: 'openA2', validUntil: '2026-06-30' },
      },
    ]);
    signInAs('operator');
    const api = serveMission(() => missionDetail('validated'), check);
    renderApp('/backoffice/preflights/edit/mission-1');
    await userEvent.click(await screen.findByTestId('flight-takeOff'));
    const panel = await screen.findByTestId('takeoff-check');
    await waitFor(() => expect(panel).toHaveAttribute('data-state', 'blocked'));

    const pilot = within(panel)
      .getAllByTestId('takeoff-check-item')
      .find((item) => item.dataset.item === 'pilot')!;
    expect(pilot).toHaveAttribute('data-level', 'blocking');
    expect(pilot).toHaveTextContent('Eve Expired: the document “Open category A2” is not valid today (ended 2026-06-30).');
    expect(within(panel).getByTestId('takeoff-check-blocked')).toHaveTextContent('Take-off is refused');
    expect(within(panel).getByTestId('takeoff-check-confirm')).toBeDisabled();

    await i18n.changeLanguage('fr');
    try {
      await waitFor(() =>
        expect(pilot).toHaveTextContent("Eve Expired : le document « Catégorie ouverte A2 » n'est pas valide aujourd'hui"),
      );
      expect(within(panel).getByTestId('takeoff-check-blocked')).toHaveTextContent('Le décollage est refusé');
    } finally {
      await i18n.changeLanguage('en');
    }
    expect(api.to('POST', 'preflights/takeoff')).toEqual([]);
  });

  it('the go/no-go panel takes off past a warning only with a reason, which goes with the take-off', async () => {
    const check = takeoffCheck([
      { item: 'pilot', level: 'ok', code: null, params: { pilot: 'Fanny Pilote' } },
      { item: 'alerts', level: 'warning', code: 'TAKEOFF_ALERTS_TOUCHING', params: { count: 1, names: 'Crop spraying' } },
    ]);
    signInAs('operator');
    let mission = missionDetail('validated');
    const api = serveMission(() => mission, check);
    renderApp('/backoffice/preflights/edit/mission-1');
    await userEvent.click(await screen.findByTestId('flight-takeOff'));
    const panel = await screen.findByTestId('takeoff-check');
    await waitFor(() => expect(panel).toHaveAttribute('data-state', 'warnings'));
    expect(within(panel).getByText('1 alert touches the area now: Crop spraying.')).toBeVisible();
    const confirm = within(panel).getByTestId('takeoff-check-confirm');
    expect(confirm).toBeDisabled();

    await userEvent.type(within(panel).getByTestId('takeoff-check-reason'), 'Spraying ended');
    mission = missionDetail('onGoing');
    await userEvent.click(confirm);

    expect(await screen.findByTestId('flight-land')).toBeVisible();
    expect(api.to('POST', 'preflights/takeoff')).toEqual([
      expect.objectContaining({ body: { preFlightId: 'mission-1', reason: 'Spraying ended' }, silent: true }),
    ]);
  });

  it('requests the end of a flying mission through the mission action and forgets the take-off', async () => {
    signInAs('operator');
    await startTakeoff('mission-1');
    let mission = missionDetail('onGoing');
    const api = serveMission(() => mission);
    renderApp('/backoffice/preflights/edit/mission-1');
    await screen.findByTestId('recording-marker');

    mission = missionDetail('archived');
    await userEvent.click(await screen.findByTestId('flight-requestEnd'));

    await waitFor(() => expect(screen.queryByTestId('recording-marker')).not.toBeInTheDocument());
    expect(api.to('POST', 'preflights/mission-1/actions/requestEnd')).toHaveLength(1);
    expect(screen.queryByTestId('flight-actions')).not.toBeInTheDocument();
  });

  it('the compact flight view shows the status, the flight time and the position, with big buttons', async () => {
    signInAs('operator');
    const takenOff = Date.now() - 65_000;
    await startTakeoff('mission-1', undefined, takenOff);
    await openMission('operator', missionDetail('onGoing'));

    await userEvent.click(screen.getByTestId('open-flight-panel'));

    const card = await screen.findByTestId('flight-card');
    expect(within(card).getByTestId('flight-status')).toHaveTextContent('Flying');
    // Hours, minutes and seconds since the take-off: at least 1 min 5 s, at most the time passed since (a loaded machine
    // may take seconds to draw the screen).
    const elapsed = within(card).getByTestId('flight-elapsed').textContent ?? '';
    expect(elapsed).toMatch(/^\d{2}:\d{2}:\d{2}$/);
    const [hours, minutes, seconds] = elapsed.split(':').map(Number) as [number, number, number];
    expect(hours * 3600 + minutes * 60 + seconds).toBeGreaterThanOrEqual(65);
    expect(hours * 3600 + minutes * 60 + seconds).toBeLessThanOrEqual(Math.ceil((Date.now() - takenOff) / 1000));
    // The panel opens with a transition: visible once it has run (slower on a loaded machine).
    await waitFor(() => expect(within(card).getByTestId('flight-position')).toBeVisible());
    expect(within(card).getByTestId('flight-land')).toHaveAttribute('data-size', 'xl');
  });
});

describe('who validates (docs/security.md)', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
    await resetApp();
  });

  it('says why the validate button is missing when the operator asks for a second person, in English and French', async () => {
    const waiting = missionDetail('toBeValidated', { validationRefused: 'MISSION_SELF_VALIDATION' });
    await openMission('operator', { ...waiting, allowedActions: waiting.allowedActions.filter((action) => action !== 'validate') });
    await userEvent.click(screen.getByTestId('mission-tab-administration'));

    const reason = await screen.findByTestId('validation-refused');
    expect(reason).toHaveTextContent('Your operator asks for a second person to validate missions');
    expect(screen.queryByTestId('action-validate')).toBeNull();
    await i18n.changeLanguage('fr');
    await waitFor(() => expect(screen.getByTestId('validation-refused')).toHaveTextContent('une autre personne doit donc la valider'));
  });
});

describe('the status actions', () => {
  afterEach(resetApp);

  it('keeps the archive confirmation open while the validation before it is still reading its lists again', async () => {
    let mission = missionDetail('toBeValidated');
    let releaseHistory: (() => void) | undefined;
    signInAs('operator');
    mockApi((request) => {
      if (request.method === 'GET' && request.url === 'preflights/mission-1') return { status: 200, data: mission };
      if (request.method === 'GET' && request.url === 'preflights/mission-1/history') {
        // After the validation, the history's new read is held: the validation has not ended yet.
        if (mission.status === 'validated') return new Promise((resolve) => (releaseHistory = () => resolve({ status: 200, data: [] })));
        return { status: 200, data: [] };
      }
      if (request.method === 'POST' && request.url === 'preflights/mission-1/actions/validate') {
        mission = missionDetail('validated');
        return { status: 200, data: mission };
      }
      const read = sideReads(request.url, mission);
      if (read) return read;
      if (request.method === 'GET') return { status: 200, data: { items: [], total: 0 } };
      return undefined;
    });
    renderApp('/backoffice/preflights/edit/mission-1');
    await userEvent.click(await screen.findByTestId('mission-tab-administration'));

    await userEvent.click(await screen.findByTestId('action-validate'));
    await waitFor(() => expect(screen.getByTestId('mission-status')).toHaveAttribute('data-status', 'validated'));
    await waitFor(() => expect(releaseHistory).toBeDefined());
    await userEvent.click(screen.getByTestId('action-archive'));
    expect(await screen.findByRole('dialog')).toHaveTextContent('Bridge inspection');
    releaseHistory!();

    // The validation ends (its toast) and the archive question is still asked.
    await screen.findByTestId('mission-action-done');
    expect(screen.getByRole('dialog')).toHaveTextContent('Bridge inspection');
    expect(screen.getByTestId('confirm-yes')).toBeVisible();
  });
});

describe('the Flight view (docs/flight.md "Flight view")', () => {
  afterEach(async () => {
    setFlightConformance(null);
    await i18n.changeLanguage('en');
    await resetApp();
  });

  const SQUARE: NonNullable<MissionDetail['areas']> = {
    type: 'MultiPolygon',
    coordinates: [
      [
        [
          [2.14, 48.75],
          [2.15, 48.75],
          [2.15, 48.755],
          [2.14, 48.755],
          [2.14, 48.75],
        ],
      ],
    ],
  };
  const flying = missionDetail('onGoing', {
    areas: SQUARE,
    safetyZones: { contingencyM: 20 },
    endAt: new Date(Date.now() + 3_600_000).toISOString(),
  });
  const conformance = (overrides: Partial<FlightConformance>): FlightConformance => ({
    missionId: 'mission-1',
    userId: OWNER,
    ident: 'OO',
    source: 'mo',
    time: new Date().toISOString(),
    lat: 48.752,
    lon: 2.145,
    state: 'conforming',
    violations: [],
    warnings: [],
    edgeDistanceM: 140,
    toleranceM: 20,
    heightM: 40,
    maxHeightM: 50,
    slotEndsAt: null,
    ...overrides,
  });

  it('shows the state, the distance to the edge, the height against the limit, the time left, and the alerts around on the map', async () => {
    signInAs('operator');
    await startTakeoff('mission-1');
    const api = mockApi((request) => {
      if (request.method === 'GET' && request.url === 'preflights/mission-1') return { status: 200, data: flying };
      if (request.url === 'alerts/around')
        return {
          status: 200,
          data: [{ id: 'a1', name: 'Research centre', type: 'doNotEnter', lowerLimitM: null, upperLimitM: null, geometry: SQUARE }],
        };
      if (request.url === 'zones/intersect') return { status: 200, data: { zones: [] } };
      const read = sideReads(request.url, flying);
      if (read) return read;
      if (request.method === 'GET') return { status: 200, data: [] };
      return { status: 204 };
    });
    renderApp('/backoffice/preflights/edit/mission-1');
    await userEvent.click(await screen.findByTestId('open-flight-panel'));
    const card = await screen.findByTestId('flight-card');

    setFlightConformance(conformance({}));
    await waitFor(() => expect(within(card).getByTestId('flight-state')).toHaveTextContent('Within limits'));
    expect(within(card).getByTestId('flight-edge')).toHaveTextContent('140 m');
    expect(within(card).getByTestId('flight-height')).toHaveTextContent('40 / 50 m');
    expect(within(card).getByTestId('flight-time-left')).toHaveTextContent(/00:5\d:\d\d|01:00:00/);
    // The surroundings are asked around the mission's box, widened by about 2 km.
    await waitFor(() => expect(within(card).getByTestId('flight-map')).toHaveAttribute('data-alerts', '1'));
    expect(api.to('GET', 'alerts/around')[0]?.params).toEqual({ bbox: '2.12,48.73,2.17,48.775' });
    expect(within(card).getByTestId('flight-map')).toHaveAttribute('data-position', '48.752,2.145');

    setFlightConformance(conformance({ state: 'violating', violations: ['area', 'height'], edgeDistanceM: -35, heightM: 62 }));
    await waitFor(() => expect(within(card).getByTestId('flight-readout')).toHaveAttribute('data-state', 'violating'));
    expect(within(card).getByTestId('flight-edge')).toHaveTextContent('35 m out');
    expect(within(card).getByTestId('flight-height')).toHaveTextContent('62 / 50 m');
    expect(screen.getByTestId('conformance-banner')).toHaveAttribute('data-state', 'violating');

    await i18n.changeLanguage('fr');
    expect(await within(card).findByText('Hors des limites')).toBeInTheDocument();
    expect(within(card).getByTestId('flight-edge')).toHaveTextContent('35 m hors zone');
    setFlightConformance(conformance({ heightM: null }));
    await waitFor(() => expect(within(card).getByTestId('flight-height')).toHaveTextContent('? / 50 m'));
  });
});

interface FakeGeolocation extends Geolocation {
  emit: (coords: Partial<GeolocationCoordinates>, timestamp: number) => void;
  /** Answers the pending `getCurrentPosition` calls. */
  answer: (coords: Partial<GeolocationCoordinates>, timestamp: number) => void;
  fail: (code: number) => void;
  cleared: number[];
  /** The options of each `getCurrentPosition` call. */
  asked: (PositionOptions | undefined)[];
}

const fix = (coords: Partial<GeolocationCoordinates>, timestamp: number) =>
  ({
    coords: { latitude: 0, longitude: 0, altitude: null, accuracy: 5, altitudeAccuracy: null, heading: null, speed: null, ...coords },
    timestamp,
  }) as GeolocationPosition;

function fakeGeolocation(): FakeGeolocation {
  let success: PositionCallback | undefined;
  let failure: PositionErrorCallback | null | undefined;
  let pending: PositionCallback[] = [];
  const cleared: number[] = [];
  const asked: (PositionOptions | undefined)[] = [];
  return {
    cleared,
    asked,
    watchPosition: (onSuccess, onError) => {
      success = onSuccess;
      failure = onError;
      return 7;
    },
    clearWatch: (id) => cleared.push(id),
    getCurrentPosition: (onSuccess, _onError, options) => {
      asked.push(options);
      pending.push(onSuccess);
    },
    emit: (coords, timestamp) => success?.(fix(coords, timestamp)),
    answer: (coords, timestamp) => {
      const callbacks = pending;
      pending = [];
      for (const callback of callbacks) callback(fix(coords, timestamp));
    },
    fail: (code) => failure?.({ code, PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3, message: '' } as GeolocationPositionError),
  } as FakeGeolocation;
}

describe('own position while flying (spec §3, §7)', () => {
  afterEach(async () => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    // A test that gave the navigator a geolocation takes it back: jsdom has none.
    delete (navigator as { geolocation?: Geolocation }).geolocation;
    setFlightConformance(null);
    await i18n.changeLanguage('en');
    await resetApp();
  });

  it('posts the first fix at once, then the latest fix every interval, never the same fix twice, heights above the take-off; failures are silent', async () => {
    vi.useFakeTimers();
    const geolocation = fakeGeolocation();
    const posts: TrafficPost[] = [];
    const post = vi.fn((position: TrafficPost) => {
      posts.push(position);
      return posts.length === 2 ? Promise.reject(new Error('offline')) : Promise.resolve();
    });
    const stop = startPositionPoster({ ident: 'JD', takenOffAt: () => 0, geolocation, intervalMs: 5_000, post });
    expect(getPositionStatus()).toEqual({ state: 'waiting' });

    geolocation.emit({ latitude: 48.7, longitude: 2.3, altitude: 42, speed: 3, heading: -90 }, Date.parse('2026-11-24T10:00:00Z'));
    expect(posts).toEqual([
      { ident: 'JD', lat: 48.7, lon: 2.3, alt: 0, spd: 3, heading: 270, time: '2026-11-24T10:00:00.000Z', type: 'user', source: 'mo' },
    ]);
    geolocation.emit({ latitude: 48.71, longitude: 2.31 }, Date.parse('2026-11-24T10:00:02Z'));
    geolocation.emit({ latitude: 48.72, longitude: 2.32, altitude: 67.25 }, Date.parse('2026-11-24T10:00:04Z'));
    expect(posts).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(5_000);
    expect(posts.map((position) => [position.lat, position.alt])).toEqual([
      [48.7, 0],
      [48.72, 25.3],
    ]);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(posts).toHaveLength(2);
    expect(getPositionStatus()).toMatchObject({ state: 'ok', accuracy: 5 });

    stop();
    expect(geolocation.cleared).toEqual([7]);
    expect(getPositionStatus()).toEqual({ state: 'off' });
    geolocation.emit({ latitude: 1, longitude: 1 }, Date.now());
    await vi.advanceTimersByTimeAsync(10_000);
    expect(post).toHaveBeenCalledTimes(2);
  });

  it('says when the user refuses the location or the device has none', () => {
    const geolocation = fakeGeolocation();
    const stop = startPositionPoster({ ident: 'JD', takenOffAt: () => 0, geolocation, post: vi.fn() });
    geolocation.fail(1);
    expect(getPositionStatus()).toEqual({ state: 'denied' });
    geolocation.fail(3);
    expect(getPositionStatus()).toEqual({ state: 'unavailable' });
    stop();
    Object.defineProperty(navigator, 'geolocation', { configurable: true, value: undefined });
    const none = startPositionPoster({ ident: 'JD', takenOffAt: () => 0, geolocation: undefined, post: vi.fn() });
    expect(getPositionStatus()).toEqual({ state: 'unavailable' });
    none();
  });

  it('the initials become a valid ident', () => {
    expect(identOf('ÉL')).toBe('EL');
    expect(identOf('')).toBe('USER');
  });

  it('the back office posts the position to traffics/ silently while a take-off is recorded, and stops on landing', async () => {
    const geolocation = fakeGeolocation();
    // On the real navigator object: a stand-in object breaks libraries that read navigator's own getters (react-redux).
    Object.defineProperty(navigator, 'geolocation', { configurable: true, value: geolocation });
    const api = mockApi(() => ({ status: 204 }));
    signInAs('operator');
    await startTakeoff('mission-1');
    renderApp('/backoffice/dashboard');
    await screen.findByTestId('recording-marker');

    geolocation.emit({ latitude: 48.8, longitude: 2.35 }, Date.now());

    await waitFor(() => expect(api.to('POST', 'traffics/')).toHaveLength(1));
    expect(api.to('POST', 'traffics/')[0]).toMatchObject({
      silent: true,
      body: { ident: 'OO', lat: 48.8, lon: 2.35, type: 'user', source: 'mo' },
    });

    await stopTakeoff('mission-1');
    await waitFor(() => expect(geolocation.cleared).toEqual([7]));
  });

  it('does not post a fix older than the take-off: the Flight view says it is stale, a fresh fix is asked for and posted', async () => {
    const geolocation = fakeGeolocation();
    Object.defineProperty(navigator, 'geolocation', { configurable: true, value: geolocation });
    const mission = missionDetail('onGoing', { endAt: new Date(Date.now() + 3_600_000).toISOString() });
    const takenOff = Date.now();
    signInAs('operator');
    await startTakeoff('mission-1', undefined, takenOff);
    // As the server: a position older than the take-off belongs to no flight, so its answer carries no conformance.
    const api = mockApi((request) => {
      if (request.method === 'POST' && request.url === 'traffics/') {
        const { time, lat, lon } = request.body as TrafficPost;
        const checked = Date.parse(time) >= takenOff;
        const conformance: FlightConformance = {
          missionId: 'mission-1',
          userId: OWNER,
          ident: 'OO',
          source: 'mo',
          time,
          lat,
          lon,
          state: 'conforming',
          violations: [],
          warnings: [],
          edgeDistanceM: 140,
          toleranceM: 0,
          heightM: null,
          maxHeightM: 50,
          slotEndsAt: null,
        };
        return { status: 200, data: { accepted: 1, rejected: [], conformance: checked ? conformance : null } };
      }
      if (request.method === 'GET' && request.url === 'preflights/mission-1') return { status: 200, data: mission };
      const read = sideReads(request.url, mission);
      if (read) return read;
      if (request.method === 'GET') return { status: 200, data: [] };
      return { status: 204 };
    });
    renderApp('/backoffice/preflights/edit/mission-1');
    await userEvent.click(await screen.findByTestId('open-flight-panel'));
    const card = await screen.findByTestId('flight-card');

    // The device's cached fix, taken 8 s before the take-off.
    geolocation.emit({ latitude: 48.752, longitude: 2.145 }, takenOff - 8_000);
    await waitFor(() => expect(within(card).getByTestId('flight-position')).toHaveAttribute('data-state', 'stale'));
    expect(within(card).getByTestId('flight-position')).toHaveTextContent('taken 8 s before the take-off');
    expect(within(card).getByTestId('flight-state')).toHaveTextContent('Waiting for the server');
    expect(api.to('POST', 'traffics/')).toHaveLength(0);
    expect(geolocation.asked).toEqual([expect.objectContaining({ maximumAge: 0 })]);
    await i18n.changeLanguage('fr');
    await waitFor(() => expect(within(card).getByTestId('flight-position')).toHaveTextContent('pris 8 s avant le décollage'));
    await i18n.changeLanguage('en');

    geolocation.answer({ latitude: 48.7521, longitude: 2.1451 }, takenOff + 1_000);
    await waitFor(() => expect(within(card).getByTestId('flight-state')).toHaveTextContent('Within limits'));
    expect(within(card).getByTestId('flight-position')).toHaveAttribute('data-state', 'ok');
    expect(api.to('POST', 'traffics/').map((request) => (request.body as TrafficPost).lat)).toEqual([48.7521]);
  });
});
