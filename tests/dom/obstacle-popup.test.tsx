import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ObstacleDetails } from '@/features/map-layers/components/obstacle-popup';
import { i18n, initI18n, loadNamespaces } from '@/lib/i18n';
import type { ObstacleProperties } from '@/shared/contracts/context-layers';

// Two obstacles of the shipped SIA list (data-seed/context/fr-obstacles.geojson): the first, a pylon of 167 ft whose top
// is at 318 ft, and one of the 8 pylons published with no elevation.
const PYLON: ObstacleProperties = { kind: 'pylon', name: '22033', heightFt: 167, elevationFt: 318, lit: false };
const NO_TOP: ObstacleProperties = { kind: 'windTurbine', name: '013', heightFt: 164, elevationFt: null, lit: true };

function renderDetails(obstacles: ObstacleProperties[]) {
  render(
    <MantineProvider>
      <I18nextProvider i18n={i18n}>
        <ObstacleDetails obstacles={obstacles} />
      </I18nextProvider>
    </MantineProvider>,
  );
  return screen.getByTestId('obstacle-popup');
}

describe('obstacle popup', () => {
  beforeAll(async () => {
    await initI18n('en');
    await loadNamespaces('map');
  });
  // The tests run in a shuffled order: each starts in English, whatever the one before left.
  beforeEach(() => i18n.changeLanguage('en'));
  afterAll(() => i18n.changeLanguage('en'));

  it('gives each obstacle its kind and number, its height above the ground and its top above sea level, in metres and feet', () => {
    const popup = renderDetails([PYLON, NO_TOP]);

    expect(popup).toHaveAccessibleName('Obstacles at this place');
    expect(within(popup).getByText('Pylon (SIA no. 22033)')).toBeInTheDocument();
    // 167 ft = 50.9 m, 318 ft = 96.9 m.
    expect(within(popup).getByText('Height above ground: 51 m (167 ft)')).toBeInTheDocument();
    expect(within(popup).getByText('Top: 97 m (318 ft) above sea level')).toBeInTheDocument();
    expect(within(popup).getByText('Not lit')).toBeInTheDocument();
    expect(within(popup).getByText('Wind turbine (SIA no. 013)')).toBeInTheDocument();
    expect(within(popup).getByText('Top above sea level: not published')).toBeInTheDocument();
    expect(within(popup).getByText('Lit')).toBeInTheDocument();
  });

  it('says the same in French', async () => {
    await i18n.changeLanguage('fr');
    await loadNamespaces('map');
    const popup = renderDetails([PYLON]);

    expect(within(popup).getByText('Pylône (n° SIA 22033)')).toBeInTheDocument();
    expect(within(popup).getByText('Hauteur sol : 51 m (167 ft)')).toBeInTheDocument();
    expect(within(popup).getByText('Sommet : 97 m (318 ft) au-dessus du niveau de la mer')).toBeInTheDocument();
    expect(within(popup).getByText('Non balisé')).toBeInTheDocument();
  });
});
