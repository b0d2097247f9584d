import type { ReactNode } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TemporaryRestriction } from '@/shared/contracts/temporary-restrictions';
import type { Polygon } from '@/shared/geozones/zone';
import { airspaceDetail } from './airspace-detail';
import { mockApi, renderApp, resetApp, signInAs, typeDateTime } from './helpers';

// MapLibre needs WebGL and a worker: the map keeps its children, and drawing is one button giving a polygon.
vi.mock('@/components/map/map-view', () => ({
  MapView: ({ children }: { children?: ReactNode }) => <div data-testid="map-stub">{children}</div>,
}));
vi.mock('@/components/map/geojson-layer', () => ({ GeoJsonLayer: () => null }));
vi.mock('@/components/map/draw-control', () => ({
  DrawControl: ({ onChange }: { onChange: (shapes: { areas: { geometry: unknown }[] }) => void }) => (
    <button type="button" onClick={() => onChange({ areas: [{ geometry: AREA }] })}>
      draw the area
    </button>
  ),
}));

const AREA: Polygon = {
  type: 'Polygon',
  coordinates: [
    [
      [2.15, 48.7],
      [2.16, 48.7],
      [2.16, 48.71],
      [2.15, 48.7],
    ],
  ],
};

const AIRSPACE = airspaceDetail({ geometry: { type: 'MultiPolygon', coordinates: [AREA.coordinates] } });

const PUBLISHED: TemporaryRestriction = {
  id: 't-1',
  airspaceId: 'a-1',
  airspaceName: 'Paris-Saclay demo airspace',
  reason: 'Fire-fighting aircraft',
  area: { type: 'MultiPolygon', coordinates: [AREA.coordinates] },
  lowerM: 0,
  upperM: 150,
  startAt: '2026-12-01T08:00:00.000Z',
  endAt: '2026-12-01T12:00:00.000Z',
  endedAt: null,
  state: 'scheduled',
  createdByName: 'Mia Manager',
  createdAt: '2026-11-27T10:00:00.000Z',
  recheckedAt: null,
};

describe('temporary restrictions on the manager’s airspace screen', () => {
  afterEach(resetApp);

  it('the manager sees the missions a restriction meets before publishing it, publishes it, then ends it', async () => {
    let published = false;
    const api = mockApi((call) => {
      if (call.method === 'GET' && call.url === 'airspaces/mine') return { status: 200, data: [AIRSPACE] };
      if (call.method === 'GET' && call.url === 'temporary-restrictions') return { status: 200, data: published ? [PUBLISHED] : [] };
      if (call.method === 'POST' && call.url === 'temporary-restrictions/preview')
        return {
          status: 200,
          data: {
            missions: [
              {
                missionId: 'm-1',
                title: 'Plateau survey',
                requestId: 'r-1',
                referenceNumber: 'AG-2026-000042',
                status: 'accepted',
                startAt: '2026-12-01T09:00:00.000Z',
                endAt: '2026-12-01T10:00:00.000Z',
              },
            ],
          },
        };
      if (call.method === 'POST' && call.url === 'temporary-restrictions') {
        published = true;
        return { status: 201, data: PUBLISHED };
      }
      if (call.method === 'POST' && call.url === 'temporary-restrictions/t-1/end')
        return { status: 200, data: { ...PUBLISHED, state: 'ended' } };
      return undefined;
    });
    signInAs('airspaceManager');
    renderApp('/backoffice/airspace');

    const section = await screen.findByTestId('temporary-restrictions');
    expect(within(section).getByText('No temporary restriction in this airspace.')).toBeInTheDocument();
    await userEvent.type(within(section).getByTestId('temporary-reason'), 'Fire-fighting aircraft');
    await userEvent.type(within(section).getByTestId('temporary-upper'), '150');
    // jsdom's browser prefers en-US: month first, a 12-hour clock.
    await typeDateTime('Start', '12/01/2026', '0900a', section);
    await typeDateTime('End', '12/01/2026', '0100p', section);
    await userEvent.click(within(section).getByRole('button', { name: 'draw the area' }));
    expect(within(section).getByTestId('temporary-publish')).toBeDisabled();

    await userEvent.click(within(section).getByTestId('temporary-preview'));

    const affected = await within(section).findByTestId('temporary-affected');
    expect(affected).toHaveTextContent('1 accepted or pending mission meets this restriction');
    expect(affected).toHaveTextContent('AG-2026-000042 · Plateau survey · Accepted');
    const preview = api.to('POST', 'temporary-restrictions/preview')[0]!.body as Record<string, unknown>;
    expect(preview).toMatchObject({ airspaceId: 'a-1', reason: 'Fire-fighting aircraft', lowerM: 0, upperM: 150, area: AREA });
    expect(preview.startAt).toBe(new Date('2026-12-01T09:00').toISOString());
    expect(preview.endAt).toBe(new Date('2026-12-01T13:00').toISOString());

    await userEvent.click(within(section).getByTestId('temporary-publish'));
    await waitFor(() => expect(api.to('POST', 'temporary-restrictions')).toHaveLength(1));
    const list = await within(section).findByTestId('temporary-restriction-list');
    expect(within(list).getByText('Fire-fighting aircraft')).toBeInTheDocument();
    expect(within(list).getByText('Scheduled')).toBeInTheDocument();

    await userEvent.click(within(list).getByRole('button', { name: 'End now' }));
    await waitFor(() => expect(api.to('POST', 'temporary-restrictions/t-1/end')).toHaveLength(1));
  });
});
