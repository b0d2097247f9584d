import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import type { Violation } from '@/shared/contracts/alerts';
import { mockApi, resetApp, signInWith } from './helpers';
import { diaryOf, MISSION, PATH, renderDiary } from './post-flight-fixtures';

const episode = (overrides: Partial<Violation> = {}): Violation => ({
  id: 'v-1',
  alert: null,
  rule: 'area',
  ident: 'PP',
  source: 'mo',
  missionId: MISSION,
  mission: { id: MISSION, title: 'Roof survey', references: [] },
  userId: null,
  startedAt: '2026-06-15T08:03:00.000Z',
  endedAt: '2026-06-15T08:04:10.000Z',
  lastAt: '2026-06-15T08:04:10.000Z',
  latitude: 48.712,
  longitude: 2.163,
  heightM: 70,
  worstValue: 100,
  positionCount: 9,
  ...overrides,
});

/** The mission's GeoJSON export: one line per target. */
const flown = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties: {
        name: 'PP',
        source: 'mo',
        coordinateProperties: { times: ['2026-06-15T08:02:00.000Z', '2026-06-15T08:03:00.000Z', '2026-06-15T08:04:00.000Z'] },
      },
      geometry: {
        type: 'LineString',
        coordinates: [
          [2.161, 48.71, 30],
          [2.162, 48.711, 45],
          [2.163, 48.712, 70],
        ],
      },
    },
  ],
};

describe("the flight report's map", () => {
  afterEach(resetApp);

  it('draws the flown track and lists the episodes of the flight, each linking to it on the Violations screen, in English and French', async () => {
    signInWith(['JOURNEY_LIST']);
    const api = mockApi((request) => {
      if (request.method === 'GET' && request.url === PATH)
        return { status: 200, data: diaryOf({ proposedFlightTimeMin: { fromFlights: 3, fromTracks: 2 } }) };
      if (request.method === 'GET' && request.url === `${PATH}/track`) return { status: 200, data: flown };
      if (request.method === 'GET' && request.url === 'violations') {
        const items = [
          episode(),
          episode({ id: 'v-2', alert: { id: 'a-1', name: 'Saclay research centre', type: 'doNotEnter' }, rule: null, endedAt: null }),
        ];
        return { status: 200, data: { items, total: 2, page: 1, pageSize: 100 } };
      }
      return undefined;
    });
    renderDiary();

    const map = await screen.findByTestId('flight-report-map');
    expect(await screen.findAllByTestId('flight-report-episode')).toHaveLength(2);
    expect(map).toHaveAttribute('data-track-positions', '3');
    expect(map).toHaveAttribute('data-episodes', '2');
    expect(api.to('GET', `${PATH}/track`)[0]?.params).toEqual({ format: 'geojson' });
    expect(api.to('GET', 'violations')[0]?.params).toMatchObject({ missionId: MISSION, sort: 'startedAt', order: 'asc' });
    const [first, second] = screen.getAllByTestId('flight-report-episode');
    expect(first).toHaveTextContent('Mission area');
    expect(within(first!).getByRole('link')).toHaveAttribute('href', '/backoffice/violations?id=v-1');
    expect(second).toHaveTextContent('Saclay research centre');
    expect(second).toHaveTextContent('Ongoing');
    expect(screen.getByTestId('flight-report-episodes')).toHaveTextContent('2 violations during this flight');

    await changeLanguage('fr');
    expect(await screen.findByText('Compte rendu du vol')).toBeInTheDocument();
    expect(screen.getByTestId('flight-report-episodes')).toHaveTextContent('2 violations pendant ce vol');
    expect(screen.getAllByTestId('flight-report-episode')[0]).toHaveTextContent('Zone de la mission');
  });

  it('draws the track when its read was refused at first because a download of the user held the export', async () => {
    signInWith(['JOURNEY_LIST']);
    let refusals = 1;
    const api = mockApi((request) => {
      if (request.method === 'GET' && request.url === PATH)
        return { status: 200, data: diaryOf({ proposedFlightTimeMin: { fromFlights: 3, fromTracks: 2 } }) };
      if (request.method === 'GET' && request.url === `${PATH}/track`)
        return refusals-- > 0
          ? { status: 429, data: { code: 'EXPORT_BUSY', message: 'Too many exports' }, headers: { 'retry-after': '0.05' } }
          : { status: 200, data: flown };
      if (request.method === 'GET' && request.url === 'violations')
        return { status: 200, data: { items: [], total: 0, page: 1, pageSize: 100 } };
      return undefined;
    });
    renderDiary();

    const map = await screen.findByTestId('flight-report-map');
    await waitFor(() => expect(map).toHaveAttribute('data-track-positions', '3'));
    expect(api.to('GET', `${PATH}/track`)).toHaveLength(2);
  });

  it('says when the flight raised no violation, and reads no track while none is stored', async () => {
    signInWith(['JOURNEY_LIST']);
    const api = mockApi((request) => {
      if (request.method === 'GET' && request.url === PATH) return { status: 200, data: diaryOf() };
      if (request.method === 'GET' && request.url === 'violations')
        return { status: 200, data: { items: [], total: 0, page: 1, pageSize: 100 } };
      return undefined;
    });
    renderDiary();

    expect(await screen.findByTestId('flight-report-no-episode')).toHaveTextContent('No violation during this flight.');
    expect(screen.getByText(/Nothing to draw/)).toBeInTheDocument();
    expect(screen.queryByTestId('flight-report-map')).not.toBeInTheDocument();
    expect(api.to('GET', `${PATH}/track`)).toHaveLength(0);
  });
});
