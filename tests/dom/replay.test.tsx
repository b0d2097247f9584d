import type { Map as MlMap } from 'maplibre-gl';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import ReplayRoute from '@/app/routes/replay';
import { MapContext } from '@/components/map/map-context';
import { FollowTarget } from '@/features/replay/components/follow-target';
import { appendPage, emptyReplayData, headsAt, pointsOf } from '@/features/replay/replay-data';
import { changeLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import type { ReplayFlights, ReplayPage } from '@/shared/contracts/replay';
import { mockApi, resetApp, signInWith } from './helpers';

const MISSION = '33333333-3333-4333-8333-333333333333';
const T0 = Date.parse('2026-11-24T09:00:00Z');
const FLIGHTS: ReplayFlights = {
  items: [
    {
      missionId: MISSION,
      title: 'Quarry survey',
      ownerId: '44444444-4444-4444-8444-444444444444',
      ownerName: 'Olga Operator',
      first: new Date(T0).toISOString(),
      last: new Date(T0 + 50_000).toISOString(),
      positions: 6,
    },
  ],
};
const target = { source: 'wi', ident: 'TRK-1', type: 'drone', missionId: MISSION } as const;
/**
 * Six positions 10 s apart climbing from 50 to 550 m, speeding up from 0 by 4 m/s, the signal weakening from −40 dBm
 * by 10 dB and the satellites rising from 3, the last position without any of the three; served as two pages.
 */
const PAGES: ReplayPage[] = [0, 1].map((page) => {
  const indexes = [0, 1, 2].map((i) => page * 3 + i);
  return {
    targets: [target],
    target: [0, 0, 0],
    time: indexes.map((i) => T0 + i * 10_000),
    lon: indexes.map((i) => 2.2 + i * 0.001),
    lat: indexes.map(() => 48.7),
    height: indexes.map((i) => 50 + i * 100),
    speed: indexes.map((i) => (i === 5 ? null : i * 4)),
    rssi: indexes.map((i) => (i === 5 ? null : -40 - i * 10)),
    gpsSatellites: indexes.map((i) => (i === 5 ? null : 3 + i)),
    next: page === 0 ? 'page-2' : null,
  };
});

function renderReplay() {
  return render(
    <AppProvider queryClient={createQueryClient()}>
      <ReplayRoute />
    </AppProvider>,
  );
}

function serveReplay(pages = PAGES) {
  return mockApi((request) => {
    if (request.url === 'replay/flights') return { status: 200, data: FLIGHTS };
    if (request.url === 'replay/positions') return { status: 200, data: request.params?.after ? pages[1] : pages[0] };
    if (request.url === 'replay/stations')
      return {
        status: 200,
        data: {
          items: [
            { name: 'Mast A', lat: 48.71, lon: 2.21, positions: 5 },
            { name: null, lat: 48.72, lon: 2.22, positions: 1 },
          ],
          truncated: false,
        },
      };
    if (request.url === 'replay/density')
      return { status: 200, data: { cell: 0.0005, lon: [2.2], lat: [48.7], count: [6], truncated: false } };
    return undefined;
  });
}

describe('the replay screen', () => {
  afterEach(async () => {
    resetApp();
    await changeLanguage('en');
  });

  it('replays the chosen flight page after page, moves with the slider from the keyboard, and shows the legends of its layers', async () => {
    signInWith(['JOURNEY_LIST']);
    const api = serveReplay();
    renderReplay();

    const flight = await screen.findByRole('combobox', { name: 'Flight' });
    await waitFor(() => expect(within(flight).getByRole('option', { name: /Quarry survey · Olga Operator/ })).toBeInTheDocument());
    await userEvent.selectOptions(flight, MISSION);
    await userEvent.click(screen.getByRole('button', { name: 'Replay' }));

    expect(await screen.findByText('6 positions of 1 target(s).')).toBeInTheDocument();
    const pages = api.requests.filter((request) => request.url === 'replay/positions');
    expect(pages.map((request) => [request.params?.missionId, request.params?.after])).toEqual([
      [MISSION, undefined],
      [MISSION, 'page-2'],
    ]);
    expect(screen.getByTestId('replay-shown')).toHaveAttribute('data-count', '1');

    const slider = screen.getByRole('slider', { name: 'Time of the replay' });
    fireEvent.keyDown(slider, { key: 'End' });
    expect(screen.getByTestId('replay-shown')).toHaveTextContent('6 positions shown');
    fireEvent.keyDown(slider, { key: 'Home' });
    expect(screen.getByTestId('replay-shown')).toHaveAttribute('data-count', '1');

    expect(screen.queryByTestId('legend-height')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Height' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Heatmap' }));
    expect(
      within(screen.getByRole('group', { name: 'Height above the surface' }))
        .getAllByText(/m$/)
        .map((node) => node.textContent),
    ).toEqual(['0–120 m', '120–500 m', 'Above 500 m']);
    expect(
      within(screen.getByRole('group', { name: 'Density of positions' }))
        .getAllByTestId('legend-heatmap-level')
        .map((node) => node.textContent),
    ).toEqual(['None', 'Very low', 'Low', 'Medium', 'High', 'Maximum']);
    expect(within(screen.getByTestId('replay-preview')).getAllByRole('row')).toHaveLength(7);
    // The heatmap is counted by the server for the replayed selection.
    await waitFor(() =>
      expect(api.requests.find((request) => request.url === 'replay/density')?.params).toMatchObject({ missionId: MISSION }),
    );
  });

  for (const [language, texts] of [
    [
      'en',
      {
        replay: 'Replay',
        flight: 'Flight',
        speed: 'Speed',
        speedLegend: 'Ground speed',
        speedClasses: ['0 to 5 m/s', '5 to 10 m/s', '10 to 15 m/s', '15 m/s and more', 'No value'],
        rssi: 'RSSI',
        satellites: 'GPS satellites',
        rssiLegend: 'Signal strength (RSSI)',
        rssiClasses: ['-30 to -45 dB', '-45 to -60 dB', '-60 to -75 dB', '-75 to -90 dB', 'No value'],
        satellitesLegend: 'GPS satellites',
        satelliteClasses: ['1 to 3 satellites', '4 to 6 satellites', '7 to 9 satellites', '10 to 14 satellites', 'No value'],
        columns: ['Time', 'Ident', 'Latitude', 'Longitude', 'Height (m)', 'RSSI (dBm)', 'Satellites'],
      },
    ],
    [
      'fr',
      {
        replay: 'Rejouer',
        flight: 'Vol',
        speed: 'Vitesse',
        speedLegend: 'Vitesse sol',
        speedClasses: ['0 à 5 m/s', '5 à 10 m/s', '10 à 15 m/s', '15 m/s et plus', 'Sans valeur'],
        rssi: 'RSSI',
        satellites: 'Satellites GPS',
        rssiLegend: 'Force du signal (RSSI)',
        rssiClasses: ['-30 à -45 dB', '-45 à -60 dB', '-60 à -75 dB', '-75 à -90 dB', 'Sans valeur'],
        satellitesLegend: 'Satellites GPS',
        satelliteClasses: ['1 à 3 satellites', '4 à 6 satellites', '7 à 9 satellites', '10 à 14 satellites', 'Sans valeur'],
        columns: ['Heure', 'Identifiant', 'Latitude', 'Longitude', 'Hauteur (m)', 'RSSI (dBm)', 'Satellites'],
      },
    ],
  ] as const) {
    it(`[${language}] shows the speed, rssi and GPS-satellite layers' classes and "no value" in their legends, rssi and satellites in the preview`, async () => {
      signInWith(['JOURNEY_LIST']);
      await changeLanguage(language);
      serveReplay();
      renderReplay();

      const flight = await screen.findByRole('combobox', { name: texts.flight });
      await waitFor(() => expect(within(flight).getByRole('option', { name: /Quarry survey/ })).toBeInTheDocument());
      await userEvent.selectOptions(flight, MISSION);
      await userEvent.click(screen.getByRole('button', { name: texts.replay }));
      await screen.findByTestId('replay-loaded');
      expect(screen.queryByTestId('legend-rssi')).not.toBeInTheDocument();
      expect(screen.queryByTestId('legend-speed')).not.toBeInTheDocument();
      await userEvent.click(screen.getByRole('checkbox', { name: texts.speed }));
      await userEvent.click(screen.getByRole('checkbox', { name: texts.rssi }));
      await userEvent.click(screen.getByRole('checkbox', { name: texts.satellites }));

      const classes = (name: string, layer: string) =>
        within(screen.getByRole('group', { name }))
          .getAllByTestId(`legend-${layer}-class`)
          .map((node) => node.textContent);
      expect(classes(texts.speedLegend, 'speed')).toEqual(texts.speedClasses);
      expect(classes(texts.rssiLegend, 'rssi')).toEqual(texts.rssiClasses);
      expect(classes(texts.satellitesLegend, 'satellites')).toEqual(texts.satelliteClasses);
      const preview = screen.getByTestId('replay-preview');
      expect(
        within(preview)
          .getAllByRole('columnheader')
          .map((cell) => cell.textContent),
      ).toEqual(texts.columns);
      const cells = (row: number) =>
        within(within(preview).getAllByRole('row')[row]!)
          .getAllByRole('cell')
          .slice(5)
          .map((cell) => cell.textContent);
      expect(cells(1)).toEqual(['-40', '3']);
      expect(cells(6)).toEqual(['', '']);
    });
  }

  it('gives each replayed point its speed, signal strength and satellites, and none when the position reported none', () => {
    const points = pointsOf(PAGES.reduce(appendPage, emptyReplayData()), T0);

    expect(points.features[0]!.properties).toEqual({ t: 0, h: 50, v: 0, r: -40, s: 3 });
    expect(points.features[4]!.properties).toEqual({ t: 40, h: 450, v: 16, r: -80, s: 7 });
    expect(points.features[5]!.properties).toEqual({ t: 50, h: 550 });
  });

  it('says when the selection holds no position, in French', async () => {
    signInWith(['JOURNEY_LIST']);
    await changeLanguage('fr');
    serveReplay([{ targets: [], target: [], time: [], lon: [], lat: [], height: [], speed: [], rssi: [], gpsSatellites: [], next: null }]);
    renderReplay();

    await userEvent.click(await screen.findByRole('button', { name: 'Rejouer' }));

    expect(await screen.findByText('Aucune position dans cette sélection.')).toBeInTheDocument();
    expect(screen.queryByRole('slider')).not.toBeInTheDocument();
  });

  it('joins pages by target and places each target at its last position at the instant shown', () => {
    const data = PAGES.reduce(appendPage, emptyReplayData());

    expect(data.targets).toEqual([target]);
    expect(data.byTarget).toEqual([[0, 1, 2, 3, 4, 5]]);
    expect(data.bounds).toEqual([2.2, 48.7, 2.205, 48.7]);
    expect(headsAt(data, T0 - 1).features).toEqual([]);
    expect(headsAt(data, T0 + 25_000).features[0]!.geometry.coordinates).toEqual([2.202, 48.7]);
    expect(headsAt(data, T0 + 25_000).features[0]!.properties).toEqual({ ident: 'TRK-1', h: 250 });
  });

  it('shows the sources present and the ground stations of the replayed selection in their legends, in French', async () => {
    signInWith(['JOURNEY_LIST']);
    await changeLanguage('fr');
    const api = serveReplay();
    renderReplay();

    const flight = await screen.findByRole('combobox', { name: 'Vol' });
    await waitFor(() => expect(within(flight).getByRole('option', { name: /Quarry survey/ })).toBeInTheDocument());
    await userEvent.selectOptions(flight, MISSION);
    await userEvent.click(screen.getByRole('button', { name: 'Rejouer' }));
    expect(await screen.findByText('6 positions de 1 cible(s).')).toBeInTheDocument();

    expect(api.requests.some((request) => request.url === 'replay/stations')).toBe(false);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Couleur par source' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Stations sol' }));

    expect(
      within(screen.getByRole('group', { name: 'Sources' }))
        .getAllByTestId('legend-source-item')
        .map((node) => node.textContent),
    ).toEqual(['Wi-Fi']);
    const stations = screen.getByRole('group', { name: 'Stations sol' });
    await waitFor(() =>
      expect(
        within(stations)
          .getAllByTestId('legend-station')
          .map((node) => node.textContent),
      ).toEqual(['Mast A (5 positions)', 'Station sans nom (1 position)']),
    );
    expect(api.requests.find((request) => request.url === 'replay/stations')?.params).toMatchObject({ missionId: MISSION });
  });

  it('keeps the followed target at the centre of the map as the replay moves, and lets the map go when none is followed', () => {
    const data = PAGES.reduce(appendPage, emptyReplayData());
    const jumpTo = vi.fn();
    const map = { jumpTo } as unknown as MlMap;
    const follow = (target: number | null, at: number) => (
      <MapContext.Provider value={map}>
        <FollowTarget data={data} target={target} at={at} />
      </MapContext.Provider>
    );

    const view = render(follow(0, T0 + 10_000));
    view.rerender(follow(0, T0 + 45_000));
    view.rerender(follow(null, T0 + 50_000));

    expect(jumpTo.mock.calls).toEqual([[{ center: [2.201, 48.7] }], [{ center: [2.204, 48.7] }]]);
  });
});
