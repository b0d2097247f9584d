import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { mockApi, resetApp, signInWith } from './helpers';
import { diaryOf, PATH, renderDiary } from './post-flight-fixtures';

const gpx = () => new File(['<gpx version="1.1"></gpx>'], 'flight.gpx', { type: 'application/gpx+xml' });

describe("the diary's track", () => {
  afterEach(resetApp);

  it('sends the chosen file, shows the progress, then what was imported, and offers the three downloads', async () => {
    signInWith(['JOURNEY_LIST', 'JOURNEY_EDIT']);
    let imported = false;
    let answer: (value: { status: number; data: unknown }) => void = () => undefined;
    const api = mockApi((request) => {
      if (request.method === 'GET' && request.url === PATH)
        return { status: 200, data: diaryOf(imported ? { proposedFlightTimeMin: { fromFlights: null, fromTracks: 7 } } : {}) };
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
    imported = true;
    answer({
      status: 201,
      data: { fileName: 'flight.gpx', positions: 40, firstAt: '2026-06-15T08:02:11.000Z', lastAt: '2026-06-15T08:09:26.000Z' },
    });

    expect(await screen.findByTestId('post-flight-track-imported')).toHaveTextContent('flight.gpx: 40 positions imported.');
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
