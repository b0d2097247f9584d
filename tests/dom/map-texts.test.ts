import { afterEach, describe, expect, it } from 'vitest';
import { offlineStyle } from '@/components/map/default-style';
import { mapLocale, openStreetMapCredit } from '@/components/map/map-texts';
import { changeLanguage, i18n } from '@/lib/i18n';

const OSM_LINK = '<a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';

describe('the map in French', () => {
  afterEach(async () => {
    await changeLanguage('en');
  });

  it("names MapLibre's buttons, a popup's close button and the markers in French", async () => {
    await changeLanguage('fr');

    const locale = mapLocale(i18n.getFixedT('fr', 'map'), 'Carte de la mission');

    expect(locale).toMatchObject({
      'NavigationControl.ZoomIn': 'Zoom avant',
      'AttributionControl.ToggleAttribution': 'Afficher les crédits',
      'Popup.Close': 'Fermer la fenêtre',
      'Marker.Title': 'Repère sur la carte',
      'Map.Title': 'Carte de la mission',
    });
  });

  it('credits OpenStreetMap in French on the offline basemap and on the context layers', async () => {
    await changeLanguage('fr');
    const t = i18n.getFixedT('fr', 'map');

    const style = offlineStyle('http://localhost', openStreetMapCredit(t, 'html'));

    // Roads and railways are in the detail tileset, with the towns and the water.
    expect(style.sources.detail).toMatchObject({ attribution: expect.stringContaining(`© les contributeurs d’${OSM_LINK}, ODbL 1.0`) });
    expect(openStreetMapCredit(t, 'text')).toBe('© les contributeurs d’OpenStreetMap, ODbL 1.0');
  });

  it('keeps the English credit in English', () => {
    expect(openStreetMapCredit(i18n.getFixedT('en', 'map'), 'text')).toBe('© OpenStreetMap contributors, ODbL 1.0');
    expect(offlineStyle('http://localhost').sources.detail).toMatchObject({
      attribution: expect.stringContaining(`© ${OSM_LINK} contributors, ODbL 1.0`),
    });
  });
});
