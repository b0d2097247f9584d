import { z } from 'zod';

/**
 * The context layers shipped in data-seed/context: four of Île-de-France (OpenStreetMap, ODbL) and the obstacles of
 * France (the SIA's obstacle list, docs/map.md "Obstacles").
 */
export const CONTEXT_LAYER_NAMES = ['rail', 'motorways', 'powerlines', 'protected', 'obstacles'] as const;
export const contextLayerNameSchema = z.enum(CONTEXT_LAYER_NAMES);
export type ContextLayerName = z.infer<typeof contextLayerNameSchema>;

/** What the SIA's obstacle types become (scripts/build-context-obstacles.ts); the interface names each one. */
export const OBSTACLE_KINDS = [
  'windTurbine',
  'pylon',
  'mast',
  'waterTower',
  'tower',
  'building',
  'chimney',
  'silo',
  'antenna',
  'crane',
  'cable',
  'lighthouse',
  'flare',
  'spoilHeap',
  'bridgePier',
  'lattice',
  'church',
  'powerPlant',
  'derrick',
  'gantry',
  'other',
] as const;
export type ObstacleKind = (typeof OBSTACLE_KINDS)[number];

/** One obstacle of the layer: heights in feet as published, the top's height above the ground and above sea level. */
export interface ObstacleProperties {
  kind: ObstacleKind;
  /** The SIA's obstacle number. */
  name: string;
  heightFt: number;
  /** Null where the list gives none (a top below the obstacle's own height). */
  elevationFt: number | null;
  /** Lit (day, night or both). */
  lit: boolean;
}
