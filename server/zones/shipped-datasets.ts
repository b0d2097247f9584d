import path from 'node:path';
import type { Language } from '../../src/shared/domain/enums';

/** The geozone files shipped in data-seed/geozones (origin and licences in its ATTRIBUTION.md). */
export const SHIPPED_GEOZONES_DIR = path.resolve(import.meta.dirname, '..', '..', 'data-seed', 'geozones');

export interface ShippedDataset {
  /** Path under data-seed/geozones. */
  file: string;
  /** Dataset name in the store: the file path without `.json`. */
  dataset: string;
  /** The credit the licence asks for, shown on maps and written into exports (data-seed/geozones/ATTRIBUTION.md). */
  credit: string;
  /** The same credit for a French interface, where its wording is not a name or a copyright line. */
  frenchCredit?: string;
}

const INTERUSS = 'Copyright InterUSS Platform contributors, Apache License 2.0 (interuss/dss, interuss/monitoring).';
const ED318_EXAMPLES = 'Copyright (c) 2023 Eduard Porosnicu. EUROCONTROL, MIT License.';

const shipped = (file: string, credit: string, frenchCredit?: string): ShippedDataset => ({
  file,
  dataset: file.replace(/\.json$/, ''),
  credit,
  frenchCredit,
});

// InvalidExample_GeoZone_2_Layers.json is left out: it is invalid by design (tests use it to check rejection).
export const SHIPPED_DATASETS: readonly ShippedDataset[] = [
  shipped(
    'fr-ed269.json',
    'Source: SIA / DGAC (Géoportail), UAS zones UASZoneVersion 2026-05-14, Licence Ouverte 2.0. Derived via a compact copy, converted to ED-269; verify before legal use.',
    'Source : SIA / DGAC (Géoportail), zones UAS UASZoneVersion 2026-05-14, Licence Ouverte 2.0. Tiré d’une copie compacte, converti en ED-269 ; à vérifier avant tout usage réglementaire.',
  ),
  shipped(
    'lu-ed269.json',
    'UAS geographical zones © Direction de l’Aviation Civile, Luxembourg (CC0)',
    'Zones géographiques UAS © Direction de l’Aviation Civile, Luxembourg (CC0)',
  ),
  shipped('interuss-che-ed269.json', INTERUSS),
  shipped('interuss-cis-ed269.json', INTERUSS),
  shipped('interuss-cis-ed318.json', INTERUSS),
  shipped('ed318-examples/Example_Collection.json', ED318_EXAMPLES),
  shipped('ed318-examples/Example_GeoZone_2_Layers.json', ED318_EXAMPLES),
  shipped('ed318-examples/Example_GeoZone_Circle.json', ED318_EXAMPLES),
  shipped('ed318-examples/Example_GeoZone_with_extension.json', ED318_EXAMPLES),
];

const DATASETS = new Map(SHIPPED_DATASETS.map((entry) => [entry.dataset, entry]));

/** The licence credit of a shipped dataset, in French when asked and written; an uploaded dataset carries none the server knows of. */
export function creditOf(dataset: string, language: Language = 'en'): string | undefined {
  const entry = DATASETS.get(dataset);
  return (language === 'fr' ? entry?.frenchCredit : undefined) ?? entry?.credit;
}
