import type { PrismaClient } from '../../generated/prisma/client';
import { AppError } from '../../lib/app-error';

/** An airspace's rules and activations belong to its managers: anyone else is answered "not found". */
export async function assertManages(prisma: PrismaClient, userId: string, airspaceId: string): Promise<void> {
  const managed = await prisma.airspace.count({ where: { id: airspaceId, managers: { some: { id: userId } } } });
  if (managed === 0) throw new AppError('NOT_FOUND', 'Airspace not found');
}

export function managedAirspaces(prisma: PrismaClient, userId: string) {
  return prisma.airspace.findMany({
    where: { managers: { some: { id: userId } } },
    orderBy: { name: 'asc' },
    select: { id: true, name: true, internalCode: true, geometry: true },
  });
}
