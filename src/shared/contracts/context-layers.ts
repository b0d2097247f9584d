import { z } from 'zod';

/** The Île-de-France context layers shipped in data-seed/context (OpenStreetMap, ODbL). */
export const CONTEXT_LAYER_NAMES = ['rail', 'motorways', 'powerlines', 'protected'] as const;
export const contextLayerNameSchema = z.enum(CONTEXT_LAYER_NAMES);
export type ContextLayerName = z.infer<typeof contextLayerNameSchema>;
