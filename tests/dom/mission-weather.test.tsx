import { render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProvider } from '@/app/provider';
import { MissionWeather } from '@/features/weather/components/mission-weather';
import { changeLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import type { MissionWeather as Forecast } from '@/shared/contracts/weather';
import recording from '../../data-seed/weather/recorded-taf.json';
import { decodeTafAt } from '../../server/modules/weather/taf-decode';
import { mockApi, resetApp, signInAs } from './helpers';

const MISSION = 'mission-rennes';
const PATH = `preflights/${MISSION}/weather`;
const RAW = 'TAF LFRN 150500Z 1506/1612 24012KT 9999 BKN012 TEMPO 1506/1612 4000 RA BKN007=';

const conditions = { cavok: false, windDirectionDeg: 240, windSpeedKt: 12, windGustKt: null };

/**
 * What `GET /api/preflights/{id}/weather` answers for a mission in Rennes at 10:00Z on 15 June 2026 when
 * `WEATHER_TAF_URL` serves this TAF of Rennes-Saint-Jacques (tests/integration/weather.test.ts, "WEATHER_TAF_URL").
 */
const RENNES: Forecast = {
  station: { icao: 'LFRN', name: 'Rennes-Saint-Jacques Airport', distanceKm: 6.4 },
  raw: RAW,
  metar: null,
  issuedAt: '2026-06-15T05:00:00.000Z',
  validFrom: '2026-06-15T06:00:00.000Z',
  validTo: '2026-06-16T12:00:00.000Z',
  at: '2026-06-15T10:00:00.000Z',
  prevailing: { ...conditions, ceilingFt: 1200, visibilityM: 9999, phenomena: [], category: 'MVFR' },
  supplemental: [
    {
      ...conditions,
      windDirectionDeg: null,
      windSpeedKt: null,
      ceilingFt: 700,
      visibilityM: 4000,
      phenomena: ['RA'],
      category: 'IFR',
      change: 'TEMPO',
      probability: null,
      start: '2026-06-15T06:00:00.000Z',
      end: '2026-06-16T12:00:00.000Z',
      raw: 'TEMPO 1506/1612 4000 RA BKN007',
    },
  ],
  worstCategory: 'IFR',
  groups: [
    {
      ...conditions,
      ceilingFt: 1200,
      visibilityM: 9999,
      phenomena: [],
      category: 'MVFR',
      change: null,
      probability: null,
      start: '2026-06-15T06:00:00.000Z',
      end: '2026-06-16T12:00:00.000Z',
      raw: '24012KT 9999 BKN012',
    },
  ],
  recorded: false,
};

function renderWeather() {
  render(
    <AppProvider queryClient={createQueryClient()}>
      <MissionWeather missionId={MISSION} updatedAt="2026-06-01T00:00:00.000Z" />
    </AppProvider>,
  );
}

describe("a mission's weather panel", () => {
  afterEach(resetApp);

  it('shows the category of Rennes-Saint-Jacques (LFRN) from a live TAF service, not as a recording, times in 24-hour Z', async () => {
    signInAs('operator');
    const api = mockApi((request) => (request.method === 'GET' && request.url === PATH ? { status: 200, data: RENNES } : undefined));
    renderWeather();

    const weather = await screen.findByTestId('mission-weather');
    expect(within(weather).getAllByTestId('weather-category')[0]).toHaveTextContent(/^IFR$/);
    expect(weather).toHaveTextContent('Forecast (TAF) of Rennes-Saint-Jacques Airport (LFRN), 6.4 km away');
    expect(weather).toHaveTextContent('At 06/15 10:00Z: visibility 10 km or more · ceiling 1,200 ft · wind 240° 12 kt (MVFR)');
    expect(weather).toHaveTextContent('Temporarily: visibility 4,000 m · ceiling 700 ft · RA (IFR)');
    expect(weather).toHaveTextContent('Issued 06/15 05:00Z, valid from 06/15 06:00Z to 06/16 12:00Z.');
    expect(weather).not.toHaveTextContent(/ (AM|PM)/);
    expect(within(weather).queryByTestId('weather-recorded')).toBeNull();
    const raw = within(weather).getByTestId('weather-raw');
    expect(raw).toHaveTextContent(RAW);
    expect(raw).toHaveStyle({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' });
    expect(api.to('GET', PATH)).toHaveLength(1);
    // French sets a space before the colon.
    await changeLanguage('fr');
    try {
      await waitFor(() => expect(weather).toHaveTextContent('Temporairement : visibilité 4 000 m'));
    } finally {
      await changeLanguage('en');
    }
  });

  it("names a probable change with its chance once, in Paris-Orly's recorded TAF (PROB30 TEMPO), in English and French", async () => {
    // The real TAF of the embedded default (data-seed/weather/recorded-taf.json), decoded by the server at 05:00Z on
    // the 29th, when its fog is possible: "TEMPO 2904/2910 1500 BR OVC002 PROB30 TEMPO 2904/2907 0600 FG VV///".
    const { taf, issuedAt } = recording.stations.find((station) => station.icao === 'LFPO')!;
    const issued = new Date(issuedAt);
    const at = new Date(Date.UTC(issued.getUTCFullYear(), issued.getUTCMonth(), 29, 5));
    const decoded = decodeTafAt(taf, issued, at);
    if (!decoded.ok) throw new Error(`the recorded TAF of LFPO did not decode: ${decoded.reason}`);
    const orly: Forecast = {
      ...decoded.taf,
      station: { icao: 'LFPO', name: 'Paris-Orly Airport', distanceKm: 4.1 },
      raw: taf,
      metar: null,
      issuedAt: issued.toISOString(),
      validFrom: decoded.taf.validFrom.toISOString(),
      validTo: decoded.taf.validTo.toISOString(),
      at: at.toISOString(),
      recorded: true,
    };
    signInAs('operator');
    mockApi((request) => (request.method === 'GET' && request.url === PATH ? { status: 200, data: orly } : undefined));
    renderWeather();

    const weather = await screen.findByTestId('mission-weather');
    expect(weather).toHaveTextContent('Temporarily: visibility 1,500 m · ceiling 200 ft · wind 60° 5 kt · BR (LIFR)');
    expect(weather).toHaveTextContent('Temporarily (30% chance): visibility 600 m · ceiling 0 ft · wind 60° 5 kt · FG (LIFR)');
    expect(weather).not.toHaveTextContent(/chance:/);
    await changeLanguage('fr');
    try {
      await waitFor(() => expect(weather).toHaveTextContent('Temporairement (probabilité 30 %) : visibilité 600 m'));
      expect(weather).toHaveTextContent('Prévision (TAF) de Paris-Orly Airport (LFPO), à 4,1 km');
      expect(weather).not.toHaveTextContent(/% :\s*\S+ :/);
    } finally {
      await changeLanguage('en');
    }
  });

  it('says in English and French that without WEATHER_TAF_URL there is no forecast at Rennes, with no error toast', async () => {
    signInAs('operator');
    mockApi((request) =>
      request.method === 'GET' && request.url === PATH
        ? { status: 422, data: { code: 'NO_RECORDED_WEATHER', message: 'No recorded TAF for LFRN.' } }
        : undefined,
    );
    renderWeather();

    const unavailable = await screen.findByTestId('weather-unavailable');
    expect(unavailable).toHaveAttribute('data-code', 'NO_RECORDED_WEATHER');
    expect(unavailable).toHaveTextContent(/^No forecast here: .* Ask your administrator to set WEATHER_TAF_URL\.$/);
    await changeLanguage('fr');
    expect(await screen.findByText(/^Pas de prévision ici : .* renseigner WEATHER_TAF_URL\.$/)).toBeInTheDocument();
    expect(screen.queryByTestId('error-toast')).toBeNull();
    await changeLanguage('en');
  });
});
