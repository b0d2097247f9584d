import { describe, expect, it } from 'vitest';
import { offlineStyle } from '@/components/map/default-style';
import { RESTRICTION_COLORS } from '@/components/map/restriction-colors';
import { CONTEXT_COLORS, TAF_CATEGORY_COLORS, VOLUME_COLOR } from '@/features/map-layers/layer-catalogue';
import { REQUEST_MAP_COLORS } from '@/features/requests/components/request-map';

/** Every colour written in a paint property, expressions included. */
function coloursIn(value: unknown): string[] {
  if (typeof value === 'string') return /^#[0-9a-f]{6}$/i.test(value) ? [value.toLowerCase()] : [];
  if (Array.isArray(value)) return value.flatMap(coloursIn);
  if (value && typeof value === 'object') return Object.values(value).flatMap(coloursIn);
  return [];
}

describe("the offline basemap and the legends' colours", () => {
  it('no basemap feature is drawn in a colour a legend gives meaning to (issue 22)', () => {
    const basemap = new Set(
      offlineStyle('http://localhost').layers.flatMap((layer) => coloursIn('paint' in layer ? layer.paint : undefined)),
    );
    const legends = {
      ...Object.fromEntries(Object.entries(RESTRICTION_COLORS).map(([name, colour]) => [`geozone ${name}`, colour])),
      ...Object.fromEntries(Object.entries(CONTEXT_COLORS).map(([name, colour]) => [`context ${name}`, colour])),
      'other missions': VOLUME_COLOR,
      ...Object.fromEntries(Object.entries(TAF_CATEGORY_COLORS).map(([name, colour]) => [`TAF ${name}`, colour])),
      ...Object.fromEntries(Object.entries(REQUEST_MAP_COLORS).map(([name, colour]) => [`request map ${name}`, colour])),
    };

    expect(basemap.size).toBeGreaterThan(5);
    const reused = Object.entries(legends).filter(([, colour]) => basemap.has(colour.toLowerCase()));
    expect(reused).toEqual([]);
  });
});
