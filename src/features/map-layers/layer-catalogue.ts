import type { ContextLayerName } from '@/shared/contracts/context-layers';
import type { FlightCategory } from '@/shared/domain/weather';

/** Spec shell §1, in this order. */
export const LAYER_GROUPS = ['weather', 'aeronautical', 'natural', 'networks', 'deconfliction', 'others'] as const;
export type LayerGroup = (typeof LAYER_GROUPS)[number];

export type LayerKey = 'geozones' | 'rainRadar' | 'tafCategory' | 'aerial' | 'otherMissions' | ContextLayerName;

export const LAYERS_OF_GROUP: Readonly<Record<LayerGroup, readonly LayerKey[]>> = {
  weather: ['rainRadar', 'tafCategory'],
  aeronautical: ['geozones'],
  natural: ['protected'],
  networks: ['rail', 'motorways', 'powerlines'],
  deconfliction: ['otherMissions'],
  others: ['obstacles', 'aerial'],
};

export const DEFAULT_VISIBLE: Readonly<Record<LayerKey, boolean>> = {
  geozones: true,
  rainRadar: false,
  tafCategory: false,
  protected: true,
  rail: false,
  motorways: false,
  powerlines: false,
  obstacles: false,
  aerial: false,
  otherMissions: false,
};

export { RESTRICTION_COLORS } from '@/components/map/restriction-colors';

/** The other missions' granted volumes (the Deconfliction group): the colour of granted volumes on the live map too. */
export const VOLUME_COLOR = '#0c8599';

export const CONTEXT_COLORS: Readonly<Record<ContextLayerName, string>> = {
  protected: '#2f9e44',
  rail: '#343a40',
  motorways: '#c2255c',
  powerlines: '#7048e8',
  obstacles: '#8f5902',
};

/** The TAF category of the aerodromes in view (the Weather group); grey: no TAF valid at the map's time. */
export const TAF_CATEGORY_COLORS: Readonly<Record<FlightCategory | 'none', string>> = {
  VFR: '#2b8a3e',
  MVFR: '#1864ab',
  IFR: '#e03131',
  LIFR: '#862e9c',
  none: '#868e96',
};
