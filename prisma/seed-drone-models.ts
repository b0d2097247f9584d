import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DRONE_CLASS_MARKS, REMOTE_ID_RULES } from '../src/shared/contracts/drone-models';
import type { PrismaClient } from '../server/generated/prisma/client';

export const DRONE_MODEL_CATALOGUE_FILE = path.resolve(import.meta.dirname, '..', 'data-seed', 'drone-models', 'catalogue.json');

const catalogueSchema = z.object({
  models: z.array(
    z.object({
      brand: z.string().min(1),
      name: z.string().min(1),
      massGrams: z.number().int().positive(),
      classMark: z.enum(DRONE_CLASS_MARKS).nullable(),
      remoteIdRule: z.enum(REMOTE_ID_RULES).nullable(),
      source: z.string().min(1),
    }),
  ),
});

export function readDroneModelCatalogue(file = DRONE_MODEL_CATALOGUE_FILE) {
  return catalogueSchema.parse(JSON.parse(readFileSync(file, 'utf8'))).models;
}

/**
 * Adds to the shared catalogue the common models (data-seed/drone-models) it has never held. Idempotent: a model
 * already there under its brand and name, even edited or deleted by an administrator since, is left as it is.
 * Answers the number of models added.
 */
export async function seedDroneModelCatalogue(prisma: PrismaClient, file?: string): Promise<number> {
  const catalogue = readDroneModelCatalogue(file);
  const existing = await prisma.droneModel.findMany({ where: { personal: false }, select: { brand: true, name: true } });
  const known = new Set(existing.map((model) => `${model.brand}\u0000${model.name}`));
  const missing = catalogue.filter((model) => !known.has(`${model.brand}\u0000${model.name}`));
  if (missing.length === 0) return 0;
  const { count } = await prisma.droneModel.createMany({
    data: missing.map(({ brand, name, massGrams, classMark, remoteIdRule }) => ({ brand, name, massGrams, classMark, remoteIdRule })),
  });
  return count;
}
