import { randomBytes } from 'node:crypto';
import type { Prisma, PrismaClient } from '../../server/generated/prisma/client';

const suffix = () => randomBytes(4).toString('hex');

/** A closed square around Saclay, as an alert geometry. */
export const SACLAY_SQUARE = {
  type: 'MultiPolygon' as const,
  coordinates: [
    [
      [
        [2.15, 48.7],
        [2.2, 48.7],
        [2.2, 48.73],
        [2.15, 48.73],
        [2.15, 48.7],
      ],
    ],
  ],
};

/** An alert straight in the database. */
export function createAlert(prisma: PrismaClient, fields: Partial<Prisma.AlertUncheckedCreateInput> = {}) {
  return prisma.alert.create({
    data: { name: `Alert ${suffix()}`, type: 'doNotEnter', geometry: SACLAY_SQUARE, geometrySources: ['drawn'], ...fields },
  });
}

/** A closed one-position violation episode of `alertId` at `startedAt`. */
export function createViolation(prisma: PrismaClient, alertId: string, fields: Partial<Prisma.ViolationUncheckedCreateInput> = {}) {
  return prisma.violation.create({
    data: {
      alertId,
      ident: `ID${suffix()}`,
      source: 'as',
      startedAt: fields.startedAt ?? new Date(),
      endedAt: fields.startedAt ?? new Date(),
      lastAt: fields.startedAt ?? new Date(),
      latitude: 48.71,
      longitude: 2.17,
      ...fields,
    },
  });
}
