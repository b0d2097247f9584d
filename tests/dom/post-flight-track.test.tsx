import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import type { TrackFlight } from '@/shared/contracts/tracks';
import { mockApi, resetApp, signInWith } from './helpers';
import { diaryOf, PATH, renderDiary } from './post-flight-fixtures';

const flight = (values: Partial<TrackFlight> = {}): TrackFlight => ({
  durationS: 435,
  takeoff: { lat: 48.710213, lon: 2.161402 },
  landing: { lat: 48.7102, lon: 2.16141 },
  maxHeightM: 45,
  maxDistanceM: 312,
  battery: null,
  outsideMission: false,
  ...values,
});

const gpx = () => new File(['<gpx version="1.1"></gpx>'], 'flight.gpx', { type: 'application/gpx+xml' });

describe("the diary's track", () => {
  afterEach(resetApp);

  it('sends the chosen file, shows the progress, then what was imported, and offers the three downloads', async () => {
    signInWith(['JOURNEY_LIST', 'JOURNEY_EDIT']);
    let hasTrack = false;
    let answer: (value: { status: number; data: unknown }) => void = () => undefined;
    const api = mockApi((request) => {
      if (request.method === 'GET' && request.url === PATH)
        return { status: 200, data: diaryOf(hasTrack ? { proposedFlightTimeMin: { fromFlights: null, fromTracks: 7 } } : {}) };
      if (request.method === 'POST' && request.url === `${PATH}/track`)
        return new Promise((resolve) => {
          answer = resolve;
        });
      return undefined;
    });
    renderDiary();
    expect(await screen.findByText(/No position is stored for this flight/)).toBeInTheDocument();
    expect(screen.queryByTestId('post-flight-track-export-kml')).not.toBeInTheDocument();

    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.upload(input, gpx());

    expect(await screen.findByTestId('post-flight-track-progress')).toBeInTheDocument();
    const sent = api.requests.find((request) => request.method === 'POST')!;
    expect((sent.body as FormData).get('file')).toBeInstanceOf(File);
    hasTrack = true;
    answer({
      status: 201,
      data: {
        fileName: 'flight.gpx',
        positions: 40,
        firstAt: '2026-06-15T08:02:11.000Z',
        lastAt: '2026-06-15T08:09:26.000Z',
        flight: flight(),
      },
    });

    const imported = await screen.findByTestId('post-flight-track-imported');
    expect(imported).toHaveTextContent('flight.gpx: 40 positions imported.');
    expect(imported).toHaveTextContent(
      'Flight of 7.3 min, up to 45 m high and 312 m from the take-off (48.71021, 2.16140 → 48.71020, 2.16141).',
    );
    expect(screen.queryByTestId('post-flight-track-outside-mission')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('post-flight-track-export-gpx')).toBeInTheDocument());
    expect(screen.getByTestId('post-flight-track-export-kml')).toBeInTheDocument();
    expect(screen.getByTestId('post-flight-track-export-geojson')).toBeInTheDocument();
  });

  it('says in French that the track already exists', async () => {
    await changeLanguage('fr');
    signInWith(['JOURNEY_LIST', 'JOURNEY_EDIT']);
    mockApi((request) => {
      if (request.method === 'GET' && request.url === PATH) return { status: 200, data: diaryOf() };
      if (request.method === 'POST' && request.url === `${PATH}/track`)
        return { status: 409, data: { code: 'TRACK_ALREADY_EXISTS', message: 'already stored' } };
      return undefined;
    });
    renderDiary();
    await screen.findByTestId('post-flight-track');

    await userEvent.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, gpx());

    expect(await screen.findByTestId('post-flight-track-error')).toHaveTextContent('Cette trace existe déjà.');
  });

  it('says in French what an AirData log tells of the flight, its battery, and that it is dated outside the mission', async () => {
    await changeLanguage('fr');
    signInWith(['JOURNEY_LIST', 'JOURNEY_EDIT']);
    const result = {
      fileName: 'airdata.csv',
      positions: 582,
      firstAt: '2021-09-06T02:23:48.200Z',
      lastAt: '2021-09-06T02:44:42.600Z',
      flight: flight({
        durationS: 1254,
        maxHeightM: 117.7,
        maxDistanceM: 296,
        battery: { firstPct: 95, lastPct: 9 },
        outsideMission: true,
      }),
    };
    mockApi((request) => {
      if (request.method === 'GET' && request.url === PATH) return { status: 200, data: diaryOf() };
      if (request.method === 'POST' && request.url === `${PATH}/track`) return { status: 201, data: result };
      return undefined;
    });
    renderDiary();
    await screen.findByTestId('post-flight-track');

    await userEvent.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, gpx());

    const imported = await screen.findByTestId('post-flight-track-imported');
    expect(imported).toHaveTextContent('Vol de 20,9 min, jusqu’à 117,7 m de haut et 296 m du décollage');
    expect(imported).toHaveTextContent('Batterie : 95 % → 9 %.');
    expect(screen.getByTestId('post-flight-track-outside-mission')).toHaveTextContent('Cette trace est datée hors des dates de la mission');
  });

  it('offers no import without JOURNEY_EDIT', async () => {
    signInWith(['JOURNEY_LIST']);
    mockApi((request) =>
      request.method === 'GET' && request.url === PATH
        ? { status: 200, data: diaryOf({ proposedFlightTimeMin: { fromFlights: null, fromTracks: 12 } }) }
        : undefined,
    );
    renderDiary();

    expect(await screen.findByTestId('post-flight-track-export-kml')).toBeInTheDocument();
    expect(screen.queryByTestId('post-flight-track-import')).not.toBeInTheDocument();
  });
});
