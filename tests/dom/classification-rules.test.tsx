import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { distance } from '@turf/turf';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { boundsOf, IMPACT_COLORS, ruleFeatures } from '@/features/classification-rules/lib/rule-map';
import type { ClassificationRule, ManagedAirspace } from '@/shared/contracts/classification-rules';
import { mockApi, renderApp, resetApp, signInAs, signInWith, type RecordedRequest } from './helpers';

// MapLibre needs WebGL and a worker: the screen's logic is tested without the map itself.
vi.mock('@/components/map/map-view', () => ({ MapView: () => <div data-testid="map-stub" /> }));

const PATH = '/backoffice/procedureclassifications';
const AIRSPACE: ManagedAirspace = {
  id: '7d0b3c2e-1f54-4a63-9d55-2f6b8c1e0a11',
  name: 'Demo airspace',
  internalCode: 'LFPS-DEMO',
  geometry: {
    type: 'MultiPolygon',
    coordinates: [
      [
        [
          [2.1, 48.68],
          [2.25, 48.68],
          [2.25, 48.75],
          [2.1, 48.75],
          [2.1, 48.68],
        ],
      ],
    ],
  },
};
const OTHER_AIRSPACE: ManagedAirspace = { ...AIRSPACE, id: '0c9f6a7e-2b1d-4e8f-9a3c-5d7e1f2a4b6c', name: 'Other', internalCode: 'LFXX' };

function rule(overrides: Partial<ClassificationRule> = {}): ClassificationRule {
  return {
    id: 'r-1',
    airspaceId: AIRSPACE.id,
    title: 'High flights',
    type: 'heightOver',
    threshold: 120,
    geometry: null,
    parameters: null,
    impact: 'high',
    enabled: true,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

const RULES = [
  rule(),
  rule({
    id: 'r-2',
    title: 'Near the tower',
    type: 'radialDistanceBelow',
    threshold: 500,
    geometry: { type: 'Point', coordinates: [2.17, 48.71] },
    impact: 'medium',
    enabled: false,
  }),
];

const page = (items: unknown[]) => ({ status: 200, data: { items, total: items.length, page: 1, pageSize: 20 } });

function serve({ airspaces = [AIRSPACE], rules = RULES }: { airspaces?: ManagedAirspace[]; rules?: ClassificationRule[] } = {}) {
  return mockApi((request: RecordedRequest) => {
    if (request.method === 'GET' && request.url === 'managed-airspaces') return { status: 200, data: airspaces };
    if (request.method === 'GET' && request.url === 'classification-rules') return page(rules);
    if (request.method === 'POST' && request.url === 'classification-rules')
      return { status: 201, data: rule({ ...(request.body as object), id: 'r-new' }) };
    if (request.method === 'PUT') return { status: 200, data: rule({ ...(request.body as object), id: request.url.split('/')[1] }) };
    if (request.method === 'DELETE') return { status: 204 };
    return undefined;
  });
}

async function openScreen() {
  renderApp(PATH);
  return screen.findByTestId('classification-rules');
}

describe('classification rules screen', () => {
  afterEach(resetApp);

  it('lists the rules of the only managed airspace, with the threshold in its unit, and filters and sorts them on the server', async () => {
    signInAs('airspaceManager');
    const api = serve();
    const table = await openScreen();

    expect(within(table).getAllByTestId('classification-row')).toHaveLength(2);
    expect(within(table).getByText('Height over')).toBeInTheDocument();
    expect(within(table).getByText('120 m')).toBeInTheDocument();
    expect(within(table).getByText('Radial distance below')).toBeInTheDocument();
    expect(api.to('GET', 'classification-rules')[0]!.params).toMatchObject({
      airspaceId: AIRSPACE.id,
      page: 1,
      sort: 'title',
      order: 'asc',
    });

    const user = userEvent.setup();
    await user.selectOptions(screen.getByTestId('filter-type'), 'radialDistanceBelow');
    await user.selectOptions(screen.getByTestId('filter-impact'), 'medium');
    await user.selectOptions(screen.getByTestId('filter-enabled'), 'false');
    await waitFor(() =>
      expect(api.to('GET', 'classification-rules').at(-1)!.params).toMatchObject({
        type: 'radialDistanceBelow',
        impact: 'medium',
        enabled: 'false',
        page: 1,
      }),
    );

    await user.click(screen.getByRole('button', { name: 'Impact' }));
    await waitFor(() => expect(api.to('GET', 'classification-rules').at(-1)!.params).toMatchObject({ sort: 'impact', order: 'asc' }));
    await user.click(screen.getByRole('button', { name: /Impact/ }));
    await waitFor(() => expect(api.to('GET', 'classification-rules').at(-1)!.params).toMatchObject({ sort: 'impact', order: 'desc' }));
  });

  it("opens an enabled rule with its 'enabled' switch on", async () => {
    serve();
    signInAs('airspaceManager');
    const table = await openScreen();
    await userEvent.click(within(table).getAllByRole('button', { name: 'Edit' })[0]!);

    expect(await screen.findByTestId('classification-enabled')).toBeChecked();
  });

  it('selects a rule from its title, by keyboard as well', async () => {
    signInAs('airspaceManager');
    serve();
    const table = await openScreen();
    const title = within(table).getByRole('button', { name: 'Near the tower' });

    title.focus();
    await userEvent.keyboard('{Enter}');

    expect(title).toHaveAttribute('aria-pressed', 'true');
    expect(title.closest('tr')).toHaveAttribute('data-selected', 'true');
    expect(within(table).getByRole('button', { name: 'High flights' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('asks which airspace to show when the manager has several, and loads no rule before', async () => {
    signInAs('airspaceManager');
    const api = serve({ airspaces: [AIRSPACE, OTHER_AIRSPACE] });
    renderApp(PATH);

    expect(await screen.findByTestId('empty-state')).toHaveTextContent('Choose an airspace to see its rules.');
    expect(api.to('GET', 'classification-rules')).toHaveLength(0);
  });

  it('opens on the airspace, filters and sort its address names, and asks again for an airspace the manager does not manage', async () => {
    signInAs('airspaceManager');
    const api = serve({ airspaces: [AIRSPACE, OTHER_AIRSPACE] });
    renderApp(`${PATH}?airspaceId=${OTHER_AIRSPACE.id}&type=heightOver&enabled=true&sort=impact&order=desc`);
    await screen.findByTestId('classification-rules');

    expect(api.to('GET', 'classification-rules')[0]!.params).toMatchObject({
      airspaceId: OTHER_AIRSPACE.id,
      type: 'heightOver',
      enabled: 'true',
      sort: 'impact',
      order: 'desc',
    });
    expect(screen.getByTestId('filter-type')).toHaveValue('heightOver');
    expect(screen.getByTestId('filter-enabled')).toHaveValue('true');
    await resetApp();

    signInAs('airspaceManager');
    const other = serve({ airspaces: [AIRSPACE, OTHER_AIRSPACE] });
    renderApp(`${PATH}?airspaceId=not-managed`);
    expect(await screen.findByTestId('empty-state')).toHaveTextContent('Choose an airspace to see its rules.');
    expect(other.to('GET', 'classification-rules')).toHaveLength(0);
  });

  it('says so when the airspace has no rule', async () => {
    signInAs('airspaceManager');
    serve({ rules: [] });
    renderApp(PATH);

    expect(await screen.findByText('No classification rule matches.')).toBeInTheDocument();
  });

  it('asks for what the type needs: a threshold and a point, an area, and nothing else', async () => {
    signInAs('airspaceManager');
    const api = serve();
    await openScreen();
    const user = userEvent.setup();
    await user.click(screen.getByTestId('classification-add'));
    const form = await screen.findByTestId('classification-form');

    await user.selectOptions(within(form).getByLabelText('Type'), 'radialDistanceBelow');
    await user.click(within(form).getByTestId('rule-save'));

    expect(await within(form).findByTestId('rule-geometry-error')).toHaveTextContent('Place the centre point on the map.');
    expect(within(form).getByLabelText(/^Title/)).toHaveAccessibleDescription(/This field must not be empty/);
    expect(within(form).getByLabelText(/^Threshold/)).toHaveAccessibleDescription(/This field must not be empty/);

    await user.selectOptions(within(form).getByLabelText('Type'), 'insideDecree2020Zone');
    expect(within(form).queryByLabelText(/^Threshold/)).not.toBeInTheDocument();
    await user.click(within(form).getByTestId('rule-save'));
    expect(await within(form).findByText("Draw or paste the zone's polygons on the map.")).toBeInTheDocument();
    expect(api.to('POST', 'classification-rules')).toHaveLength(0);
  });

  it('creates a height rule with the body of the shared contract', async () => {
    signInAs('airspaceManager');
    const api = serve();
    await openScreen();
    const user = userEvent.setup();
    await user.click(screen.getByTestId('classification-add'));
    const form = await screen.findByTestId('classification-form');

    await user.type(within(form).getByLabelText(/^Title/), 'Above 90 m');
    await user.type(within(form).getByLabelText(/^Threshold/), '90');
    await user.selectOptions(within(form).getByLabelText('Impact'), 'high');
    await user.click(within(form).getByTestId('rule-save'));

    await waitFor(() => expect(api.to('POST', 'classification-rules')).toHaveLength(1));
    expect(api.to('POST', 'classification-rules')[0]!.body).toEqual({
      airspaceId: AIRSPACE.id,
      title: 'Above 90 m',
      type: 'heightOver',
      threshold: 90,
      geometry: null,
      parameters: null,
      impact: 'high',
      enabled: true,
    });
    expect(await screen.findByTestId('classification-rules')).toBeInTheDocument();
    expect(screen.queryByTestId('classification-form')).not.toBeInTheDocument();
  });

  it('takes a pasted GeoJSON point for a radial rule and zone filters for a zone rule', async () => {
    signInAs('airspaceManager');
    const api = serve();
    await openScreen();
    const user = userEvent.setup();
    await user.click(screen.getByTestId('classification-add'));
    const form = await screen.findByTestId('classification-form');

    await user.type(within(form).getByLabelText(/^Title/), 'Tower');
    await user.selectOptions(within(form).getByLabelText('Type'), 'radialDistanceBelow');
    await user.type(within(form).getByLabelText(/^Threshold/), '750');
    await user.click(within(form).getByTestId('rule-geometry-paste'));
    await user.paste('{"type":"Point","coordinates":[2.17,48.71]}');
    await user.click(within(form).getByRole('button', { name: 'Use this GeoJSON' }));
    expect(within(form).getByTestId('rule-geometry-summary')).toHaveTextContent('Centre at longitude 2.17, latitude 48.71.');
    await user.click(within(form).getByTestId('rule-save'));

    await waitFor(() => expect(api.to('POST', 'classification-rules')).toHaveLength(1));
    expect(api.to('POST', 'classification-rules')[0]!.body).toMatchObject({
      type: 'radialDistanceBelow',
      threshold: 750,
      geometry: { type: 'Point', coordinates: [2.17, 48.71] },
    });

    await user.click(await screen.findByTestId('classification-add'));
    const zoneForm = await screen.findByTestId('classification-form');
    await user.type(within(zoneForm).getByLabelText(/^Title/), 'Prohibited zones');
    await user.selectOptions(within(zoneForm).getByLabelText('Type'), 'zoneInteraction');
    await user.click(within(zoneForm).getByLabelText('Prohibited'));
    await user.click(within(zoneForm).getByLabelText('NFZ level 3'));
    await user.type(within(zoneForm).getByTestId('zone-identifiers'), 'LF-P-42{Enter}');
    await user.click(within(zoneForm).getByTestId('rule-save'));

    await waitFor(() => expect(api.to('POST', 'classification-rules')).toHaveLength(2));
    expect(api.to('POST', 'classification-rules')[1]!.body).toMatchObject({
      type: 'zoneInteraction',
      threshold: null,
      geometry: null,
      parameters: { restrictions: ['PROHIBITED'], nfzLevels: [3], identifiers: ['LF-P-42'] },
    });
  });

  it('deletes a rule only once confirmed, and toggles a rule with the rest of it unchanged', async () => {
    signInAs('airspaceManager');
    const api = serve();
    const table = await openScreen();
    const user = userEvent.setup();
    const row = within(table).getAllByTestId('classification-row')[0]!;

    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByTestId('confirm-message')).toHaveTextContent('The rule “High flights” will no longer classify requests.');
    await user.click(within(screen.getByRole('dialog')).getByText('Cancel'));
    expect(api.to('DELETE', 'classification-rules/r-1')).toHaveLength(0);

    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByTestId('confirm-yes'));
    await waitFor(() => expect(api.to('DELETE', 'classification-rules/r-1')).toHaveLength(1));

    await user.click(within(table).getByRole('switch', { name: 'Enable “Near the tower”' }));
    await waitFor(() => expect(api.to('PUT', 'classification-rules/r-2')).toHaveLength(1));
    expect(api.to('PUT', 'classification-rules/r-2')[0]!.body).toEqual({
      title: 'Near the tower',
      type: 'radialDistanceBelow',
      threshold: 500,
      geometry: { type: 'Point', coordinates: [2.17, 48.71] },
      parameters: null,
      impact: 'medium',
      enabled: true,
    });
  });

  it('shows the list read-only to a user without PROCEDURECLASSIFICATION_EDIT', async () => {
    signInWith(['PROCEDURECLASSIFICATION_LIST']);
    serve();
    const table = await openScreen();

    expect(screen.queryByTestId('classification-add')).not.toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    for (const toggle of within(table).getAllByTestId('classification-toggle')) expect(toggle).toBeDisabled();
  });
});

describe('classification rules on the map', () => {
  it("draws a radial rule's point with a circle of its threshold in metres, coloured by impact, the selected one flagged", () => {
    const { areas, points } = ruleFeatures(RULES, 'r-2');

    expect(points.features).toHaveLength(1);
    expect(points.features[0]!.properties).toEqual({ ruleId: 'r-2', color: IMPACT_COLORS.medium, selected: true });
    expect(areas.features).toHaveLength(1);
    const edge = areas.features[0]!.geometry.coordinates[0]![0] as [number, number];
    expect(distance([2.17, 48.71], edge, { units: 'meters' })).toBeCloseTo(500, 0);
  });

  it('frames a rule by its area, its point, or not at all', () => {
    const [west, south, east, north] = boundsOf(RULES[1]!)!;

    expect(west).toBeLessThan(2.17);
    expect(east).toBeGreaterThan(2.17);
    expect(north - south).toBeGreaterThan(0.008);
    expect(boundsOf(rule({ type: 'radialDistanceBelow', threshold: null, geometry: { type: 'Point', coordinates: [2.2, 48.7] } }))).toEqual(
      [2.2, 48.7, 2.2, 48.7],
    );
    expect(boundsOf(RULES[0]!)).toBeNull();
  });
});
