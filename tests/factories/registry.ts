import { randomBytes } from 'node:crypto';
import type { Prisma, PrismaClient } from '../../server/generated/prisma/client';

const suffix = () => randomBytes(4).toString('hex');

/** A pilot of `ownerId`, straight in the database. */
export function createPilot(prisma: PrismaClient, ownerId: string, fields: Partial<Prisma.PilotUncheckedCreateInput> = {}) {
  return prisma.pilot.create({
    data: { userId: ownerId, firstName: 'Ada', lastName: `Pilot-${suffix()}`, email: `pilot-${suffix()}@example.com`, ...fields },
  });
}

/** A shared catalogue drone model unless told otherwise. */
export function createDroneModel(prisma: PrismaClient, fields: Partial<Prisma.DroneModelUncheckedCreateInput> = {}) {
  return prisma.droneModel.create({ data: { brand: 'Parrot', name: `Anafi-${suffix()}`, ...fields } });
}

/** A machine of `ownerId`, straight in the database. */
export function createMachine(prisma: PrismaClient, ownerId: string, fields: Partial<Prisma.MachineUncheckedCreateInput> = {}) {
  return prisma.machine.create({ data: { userId: ownerId, serialNumber: `SN-${suffix()}`, internalName: `Drone ${suffix()}`, ...fields } });
}
