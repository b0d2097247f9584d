import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
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

function renderPanel(geozones: Parameters<typeof LayerPanel>[0]['geozones'], onToggle = vi.fn()) {
  render(
    <MantineProvider>
      <I18nextProvider i18n={i18n}>
        <LayerPanel visible={{ ...DEFAULT_VISIBLE }} onToggle={onToggle} geozones={geozones} />
      </I18nextProvider>
    </MantineProvider>,
  );
  return onToggle;
}

describe('map layer panel', () => {
  beforeAll(async () => {
    await initI18n('en');
    await loadNamespaces('map');
  });

  it('has identical keys in en and fr for the map namespace', () => {
    expect(keysOf(readMap('fr')).sort()).toEqual(keysOf(readMap('en')).sort());
  });

  it('lists the six groups of spec shell §1 in order, with weather, deconfliction and others disabled', () => {
    renderPanel({ kind: 'count', count: 3 });

    const groups = screen.getAllByTestId(/^layer-group-/).map((node) => node.getAttribute('data-testid'));
    expect(groups).toEqual(
      ['weather', 'aeronautical', 'natural', 'networks', 'deconfliction', 'others'].map((group) => `layer-group-${group}`),
    );
    for (const group of ['weather', 'deconfliction', 'others']) expect(screen.getByTestId(`layer-group-${group}`)).toBeDisabled();
    expect(within(screen.getByTestId('layer-group-weather')).getByText('Weather and rain radar arrive later.')).toBeInTheDocument();
    expect(screen.getByTestId('geozone-count')).toHaveTextContent('3 geozone volumes in view');
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
});
