import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keptFromAlert, mergeGeometry, readAlertFile } from '@/features/alerts/components/alert-geometry';
import { topWithOthers } from '@/features/dashboard/components/chart-data';
import { checkDocument } from '@/features/documents/components/document-form';
import { centsOf } from '@/features/payments/components/money';
import type { AlertSummary } from '@/shared/contracts/alerts';
import { mockApi, renderApp, resetApp, signInWith } from './helpers';

// MapLibre needs WebGL and a worker: the form's logic is tested without the map itself.
vi.mock('@/components/map/map-view', () => ({ MapView: () => <div data-testid="map-stub" /> }));

const parseXml = (text: string) => new DOMParser().parseFromString(text, 'application/xml');
const SQUARE = [
  [
    [2.15, 48.7],
    [2.2, 48.7],
    [2.2, 48.73],
    [2.15, 48.7],
  ],
];
const page = (items: unknown[]) => ({ status: 200, data: { items, total: items.length, page: 1, pageSize: 20 } });

function alert(overrides: Partial<AlertSummary> = {}): AlertSummary {
  return {
    id: 'a-1',
    name: 'Saclay',
    type: 'doNotEnter',
    isDisplayed: true,
    showForUsersOnly: false,
    permanent: true,
    lowerLimitM: 0,
    upperLimitM: 150,
    violationCount: 3,
    createdAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

describe('alert geometry', () => {
  it('reads the polygons of a GeoJSON or KML file and refuses GPX, unreadable files and files without an area', () => {
    const geojson = JSON.stringify({ type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: SQUARE } });
    const kml = `<kml xmlns="http://www.opengis.net/kml/2.2"><Placemark><Polygon><outerBoundaryIs><LinearRing><coordinates>
      2.15,48.7 2.2,48.7 2.2,48.73 2.15,48.7</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark></kml>`;
    const point = JSON.stringify({ type: 'Point', coordinates: [2.1, 48.7] });

    expect(readAlertFile(geojson, 'zone.geojson', parseXml)).toEqual({ polygons: [SQUARE], source: 'geojson' });
    expect(readAlertFile(kml, 'zone.KML', parseXml)).toMatchObject({ source: 'kml', polygons: [[expect.any(Array)]] });
    expect(readAlertFile('<gpx/>', 'route.gpx', parseXml)).toEqual({ issue: 'unknownFormat' });
    expect(readAlertFile('{ nope', 'zone.json', parseXml)).toEqual({ issue: 'invalidFile' });
    expect(readAlertFile(point, 'point.geojson', parseXml)).toEqual({ issue: 'noArea' });
  });

  it('saves imported and drawn areas together, naming every origin once', () => {
    const imported = { polygons: [SQUARE], sources: ['geojson' as const, 'kml' as const], drawnBefore: false };

    expect(mergeGeometry(imported, [SQUARE])).toEqual({
      geometry: { type: 'MultiPolygon', coordinates: [SQUARE, SQUARE] },
      geometrySources: ['geojson', 'kml', 'drawn'],
    });
    expect(mergeGeometry(imported, []).geometrySources).toEqual(['geojson', 'kml']);
  });

  it("keeps 'drawn' for a saved alert whose areas were drawn, until its areas are removed", () => {
    const saved = keptFromAlert({ geometry: { type: 'MultiPolygon', coordinates: [SQUARE] as never }, geometrySources: ['drawn'] });

    expect(mergeGeometry(saved, []).geometrySources).toEqual(['drawn']);
    expect(mergeGeometry({ ...saved, polygons: [] }, []).geometrySources).toEqual([]);
  });
});

describe('small helpers', () => {
  it('turns typed euros into cents and refuses what is not an amount with two decimals at most', () => {
    expect(centsOf('49,90')).toBe(4990);
    expect(centsOf(' 1 200.5 ')).toBe(120050);
    expect(centsOf('7')).toBe(700);
    expect(centsOf('1.999')).toBeNull();
    expect(centsOf('-3')).toBeNull();
  });

  it('keeps the most frequent chart entries and sums the rest', () => {
    const rows = [
      { key: 'a', count: 1 },
      { key: 'b', count: 5 },
      { key: 'c', count: 3 },
    ];
    expect(topWithOthers(rows, 2, 'other')).toEqual([
      { key: 'b', count: 5 },
      { key: 'c', count: 3 },
      { key: 'other', count: 1 },
    ]);
  });

  it('refuses a document without a title, a new document without a file, a file too big or not a PDF', () => {
    const pdf = new File(['%PDF-1.7'], 'a.pdf', { type: 'application/pdf' });
    const image = new File(['x'], 'a.png', { type: 'image/png' });
    const big = new File(['%PDF'], 'big.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 21 * 1024 * 1024 });

    expect(checkDocument({ title: ' ', restrictToGroups: [], file: pdf }, true)).toEqual({ title: 'validation:required' });
    expect(checkDocument({ title: 'Manual', restrictToGroups: [], file: null }, true)).toEqual({ file: 'validation:fileRequired' });
    expect(checkDocument({ title: 'Manual', restrictToGroups: [], file: null }, false)).toEqual({});
    expect(checkDocument({ title: 'Manual', restrictToGroups: [], file: big }, true)).toEqual({ file: 'errors:UPLOAD_TOO_BIG' });
    expect(checkDocument({ title: 'Manual', restrictToGroups: [], file: image }, true)).toEqual({ file: 'errors:UPLOAD_INVALID_TYPE' });
  });
});

describe('back-office record screens', () => {
  afterEach(resetApp);

  it('asks before deleting an alert, saying how many violations go with it, and deletes only once confirmed', async () => {
    const api = mockApi((request) => {
      if (request.method === 'GET' && request.url === 'alerts') return page([alert()]);
      if (request.method === 'DELETE' && request.url === 'alerts/a-1') return { status: 204 };
      return undefined;
    });
    signInWith(['ALERT_LIST_ADMIN', 'ALERT_EDIT_ADMIN']);
    renderApp('/backoffice/alerts');

    const row = await screen.findByTestId('alert-row');
    await userEvent.click(within(row).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByTestId('confirm-message')).toHaveTextContent('The alert Saclay and its 3 violations will be deleted.');
    expect(api.to('DELETE', 'alerts/a-1')).toHaveLength(0);
    await userEvent.click(screen.getByTestId('confirm-yes'));
    await waitFor(() => expect(api.to('DELETE', 'alerts/a-1')).toHaveLength(1));
  });

  it('lists trackers from the page chosen, and from the first page again once a filter or the sort changes', async () => {
    const tracker = {
      id: 't-1',
      ident: 'F-ABCD',
      alias: null,
      recorded: false,
      relatedUser: null,
      vehicle: 'heli',
      source: 'ab',
      createdAt: '2026-11-01T10:00:00.000Z',
      updatedAt: '2026-11-01T10:00:00.000Z',
    };
    const api = mockApi((request) =>
      request.url === 'trackers' ? { status: 200, data: { items: [tracker], total: 45, page: 1, pageSize: 20 } } : undefined,
    );
    signInWith(['TRACKER_LIST_ADMIN']);
    renderApp('/backoffice/trackers');
    const lastParams = () => api.to('GET', 'trackers').at(-1)?.params;

    await screen.findByTestId('tracker-row');
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(lastParams()).toMatchObject({ page: 2, sort: 'ident', order: 'asc' }));

    await userEvent.selectOptions(screen.getByLabelText('Vehicle'), 'Helicopter');
    await waitFor(() => expect(lastParams()).toMatchObject({ page: 1, vehicle: 'heli' }));

    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(lastParams()).toMatchObject({ page: 3, vehicle: 'heli' }));
    await userEvent.click(screen.getByRole('button', { name: 'Alias' }));
    await waitFor(() => expect(lastParams()).toMatchObject({ page: 1, vehicle: 'heli', sort: 'alias', order: 'asc' }));
  });

  it('refuses an alert without an area before sending it', async () => {
    const api = mockApi();
    signInWith(['ALERT_LIST_ADMIN', 'ALERT_EDIT_ADMIN']);
    renderApp('/backoffice/alerts/add');

    await userEvent.type(await screen.findByLabelText(/^Name/), 'No area');
    await userEvent.click(screen.getByTestId('alert-save'));

    expect(await screen.findByTestId('alert-geometry-error')).toHaveTextContent('Import or draw at least one area.');
    expect(api.to('POST', 'alerts')).toHaveLength(0);
  });

  it('shows an operator its own payments with what is still due, without edit actions', async () => {
    mockApi((request) =>
      request.url === 'users/user-1/payments'
        ? {
            status: 200,
            data: {
              items: [
                {
                  id: 'p-1',
                  userId: 'user-1',
                  reference: 'INV-1',
                  label: 'June',
                  amountCents: 4990,
                  periodStart: '2026-06-01',
                  periodEnd: '2026-06-30',
                  dueDate: null,
                  status: 'unpaid',
                  paidAt: null,
                  createdAt: '2026-06-01T00:00:00.000Z',
                },
              ],
              total: 1,
              page: 1,
              pageSize: 20,
              unpaidCents: 4990,
              paidCents: 0,
            },
          }
        : undefined,
    );
    signInWith(['PREFLIGHT_EDIT']);
    renderApp('/backoffice/payments/user/user-1');

    expect(await screen.findByTestId('payment-row')).toHaveTextContent('INV-1');
    expect(screen.getByTestId('payment-totals')).toHaveTextContent('€49.90');
    expect(screen.queryByTestId('payment-add')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
  });
});
