import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { LayerPanel } from '@/features/map-layers/components/layer-panel';
import { DEFAULT_VISIBLE } from '@/features/map-layers/layer-catalogue';
import { i18n, initI18n, loadNamespaces } from '@/lib/i18n';

type Tree = { [key: string]: string | Tree };
const keysOf = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [prefix + key] : keysOf(value, `${prefix}${key}.`)));
const readMap = (lang: string) => JSON.parse(readFileSync(join(process.cwd(), 'src/locales', lang, 'map.json'), 'utf8')) as Tree;

type PanelProps = Parameters<typeof LayerPanel>[0];

function renderPanel(
  geozones: PanelProps['geozones'],
  onToggle = vi.fn(),
  radar: PanelProps['radar'] = { kind: 'unavailable' },
  visible: Partial<PanelProps['visible']> = {},
  aerialAvailable = false,
  volumes: PanelProps['volumes'] = { kind: 'count', count: 2, at: '2026-07-03T09:30:00.000Z' },
  aerodromes: PanelProps['aerodromes'] = { kind: 'zoomIn' },
) {
  render(
    <MantineProvider>
      <I18nextProvider i18n={i18n}>
        <LayerPanel
          visible={{ ...DEFAULT_VISIBLE, ...visible }}
          onToggle={onToggle}
          geozones={geozones}
          volumes={volumes}
          aerodromes={aerodromes}
          radar={radar}
          aerialAvailable={aerialAvailable}
        />
      </I18nextProvider>
    </MantineProvider>,
  );
  return onToggle;
}

describe('map layer panel', () => {
  beforeAll(async () => {
    await initI18n('en');
    await loadNamespaces('map', 'weather');
  });

  it('has identical keys in en and fr for the map namespace', () => {
    expect(keysOf(readMap('fr')).sort()).toEqual(keysOf(readMap('en')).sort());
  });

  it('lists the six groups of spec shell §1 in order, each with its layers', () => {
    renderPanel({ kind: 'count', count: 3 });

    const groups = screen.getAllByTestId(/^layer-group-/).map((node) => node.getAttribute('data-testid'));
    expect(groups).toEqual(
      ['weather', 'aeronautical', 'natural', 'networks', 'deconfliction', 'others'].map((group) => `layer-group-${group}`),
    );
    expect(screen.getByTestId('layer-group-deconfliction')).toBeEnabled();
    expect(screen.getByTestId('layer-group-others')).toBeEnabled();
    expect(screen.getByTestId('layer-group-weather')).toBeEnabled();
    expect(screen.getByTestId('geozone-count')).toHaveTextContent('3 geozone volumes in view');
  });

  it("offers the other missions' volumes in the Deconfliction group, off by default, with their count at the map's time", async () => {
    const onToggle = renderPanel({ kind: 'count', count: 0 });
    const toggle = within(screen.getByTestId('layer-group-deconfliction')).getByLabelText("Other missions' volumes");
    expect(toggle).not.toBeChecked();
    expect(screen.queryByTestId('volume-count')).not.toBeInTheDocument();
    await userEvent.click(toggle);
    expect(onToggle).toHaveBeenCalledWith('otherMissions', true);
    cleanup();

    renderPanel({ kind: 'count', count: 0 }, vi.fn(), { kind: 'unavailable' }, { otherMissions: true });
    expect(screen.getByTestId('volume-count')).toHaveTextContent(/^2 volumes active on 7\/3\/26/);
    expect(within(screen.getByTestId('map-legend')).getByText('Other missions (dashed: pending)')).toBeInTheDocument();
  });

  it("offers the aerodromes' TAF category in the Weather group, off by default, each aerodrome with its category at the map's time", async () => {
    const onToggle = renderPanel({ kind: 'count', count: 0 });
    const toggle = within(screen.getByTestId('layer-group-weather')).getByLabelText('TAF category of the aerodromes');
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    expect(onToggle).toHaveBeenCalledWith('tafCategory', true);
    cleanup();

    const items = [
      { icao: 'LFPO', name: 'Paris-Orly Airport', lon: 2.38, lat: 48.72, category: 'LIFR' as const, recorded: true },
      { icao: 'LFPN', name: 'Toussus-le-Noble Airport', lon: 2.11, lat: 48.75, category: null, recorded: false },
    ];
    renderPanel({ kind: 'count', count: 0 }, vi.fn(), { kind: 'unavailable' }, { tafCategory: true }, false, undefined, {
      kind: 'list',
      items,
      at: '2026-06-16T01:00:00.000Z',
    });
    expect(screen.getByTestId('taf-aerodromes')).toHaveTextContent(/^2 aerodromes in view, forecast for 6\/16\/26/);
    expect(screen.getByTestId('taf-LFPO')).toHaveTextContent('LFPO Paris-Orly Airport: LIFR');
    expect(screen.getByTestId('taf-LFPN')).toHaveTextContent('LFPN Toussus-le-Noble Airport: no valid TAF');
    const legend = within(screen.getByTestId('map-legend'));
    for (const category of ['VFR', 'MVFR', 'IFR', 'LIFR'])
      expect(legend.getByText(`Aerodrome: TAF category ${category}`)).toBeInTheDocument();
    expect(legend.getByText('Aerodrome without a valid TAF')).toBeInTheDocument();
    // French sets a space before the colon.
    await i18n.changeLanguage('fr');
    try {
      await waitFor(() => expect(screen.getByTestId('taf-LFPN')).toHaveTextContent('LFPN Toussus-le-Noble Airport : pas de TAF valide'));
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('asks to zoom in when the view is too wide for geozones', () => {
    renderPanel({ kind: 'zoomIn' });
    expect(screen.getByTestId('geozone-zoom-in')).toHaveTextContent('Zoom in to see geozones.');
  });

  it('reports a switched layer and shows the legend of the four restrictions', async () => {
    const onToggle = renderPanel({ kind: 'count', count: 0 });

    await userEvent.click(screen.getByLabelText('Power lines (≥ 110 kV)'));

    expect(onToggle).toHaveBeenCalledWith('powerlines', true);
    const legend = screen.getByTestId('map-legend');
    for (const text of ['Prohibited', 'Authorisation required', 'Conditional', 'No restriction'])
      expect(within(legend).getByText(text)).toBeInTheDocument();
  });

  it('offers the obstacles in the Others group, off by default, with their legend swatch', async () => {
    const onToggle = renderPanel({ kind: 'count', count: 0 });
    const toggle = within(screen.getByTestId('layer-group-others')).getByLabelText('Obstacles (masts, towers, wind turbines, pylons)');
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    expect(onToggle).toHaveBeenCalledWith('obstacles', true);
    expect(within(screen.getByTestId('map-legend')).getByText('Obstacles (masts, towers, wind turbines, pylons)')).toBeInTheDocument();
  });

  it('offers aerial imagery disabled, saying why, when the server has none, and switchable when it has', async () => {
    renderPanel({ kind: 'count', count: 0 });
    expect(screen.getByLabelText('Aerial imagery')).toBeDisabled();
    expect(screen.getByTestId('aerial-disabled')).toHaveTextContent('No aerial imagery is configured on this server (AERIAL_TILES_URL).');
    cleanup();

    const onToggle = renderPanel({ kind: 'count', count: 0 }, vi.fn(), { kind: 'unavailable' }, {}, true);
    await userEvent.click(screen.getByLabelText('Aerial imagery'));
    expect(onToggle).toHaveBeenCalledWith('aerial', true);
    expect(screen.queryByTestId('aerial-disabled')).toBeNull();
  });

  it('offers the rain radar disabled, saying why, when the server has no radar', () => {
    renderPanel({ kind: 'count', count: 0 });

    expect(screen.getByLabelText('Rain radar')).toBeDisabled();
    expect(screen.getByTestId('rain-radar-disabled')).toHaveTextContent('No rain radar is configured on this server (RAIN_RADAR_URL).');
  });

  it('switches the rain radar on and shows the time of the image', async () => {
    const slot = new Date('2026-11-24T09:50:00Z');
    const onToggle = renderPanel(
      { kind: 'count', count: 0 },
      vi.fn(),
      { kind: 'available', tiles: 'https://radar.test/{z}/{x}/{y}.png?t=1', slot },
      { rainRadar: true },
    );

    await userEvent.click(screen.getByLabelText('Rain radar'));

    expect(onToggle).toHaveBeenCalledWith('rainRadar', false);
    const time = new Intl.DateTimeFormat('en', { timeStyle: 'short' }).format(slot);
    expect(screen.getByTestId('rain-radar-time')).toHaveTextContent(`Radar image of ${time}`);
  });
});
