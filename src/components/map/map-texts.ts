import type { TFunction } from 'i18next';

const OPENSTREETMAP_LINK = '<a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';

/** MapLibre's own texts in the interface language: control buttons, a popup's close button, markers, the map itself. */
export function mapLocale(t: TFunction<'map'>, label: string): Record<string, string> {
  return {
    'NavigationControl.ZoomIn': t('controls.zoomIn'),
    'NavigationControl.ZoomOut': t('controls.zoomOut'),
    'NavigationControl.ResetBearing': t('controls.resetBearing'),
    'AttributionControl.ToggleAttribution': t('controls.attribution'),
    'AttributionControl.MapFeedback': t('controls.mapFeedback'),
    'Popup.Close': t('controls.closePopup'),
    'Marker.Title': t('controls.marker'),
    'Map.Title': label,
  };
}

/**
 * The OpenStreetMap credit (ODbL) in the interface language: as HTML with a link to the copyright page for a style's
 * source, as text for a layer's attribution (which GeoJsonLayer escapes).
 */
export function openStreetMapCredit(t: TFunction<'map'>, format: 'html' | 'text'): string {
  return t('credits.openStreetMap', { openStreetMap: format === 'html' ? OPENSTREETMAP_LINK : 'OpenStreetMap' });
}
