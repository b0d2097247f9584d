import type { Router } from 'express';
import type { AppContext } from '../context';
import { createDroneModelsRepository } from '../modules/drone-models/drone-models.repository';
import { droneModelsRouter } from '../modules/drone-models/drone-models.router';
import { createDroneModelsService } from '../modules/drone-models/drone-models.service';
import { createMachinesRepository } from '../modules/machines/machines.repository';
import { machinesRouter, userMachinesRouter } from '../modules/machines/machines.router';
import { createMachinesService } from '../modules/machines/machines.service';
import { createPilotsRepository } from '../modules/pilots/pilots.repository';
import { pilotsRouter, userPilotsRouter } from '../modules/pilots/pilots.router';
import { createPilotsService, type PilotsServiceDeps } from '../modules/pilots/pilots.service';
import type { ApiRegistry } from '../openapi';
import type { Records } from './records';

/** The operators' registry: drone models, machines and pilots, supervised pilot accounts included (docs/registry.md). */
export function buildOperatorRegistry(ctx: AppContext, registry: ApiRegistry, records: Records, accounts: PilotsServiceDeps['accounts']) {
  const { audit, owners } = records;
  const { prisma, clock } = ctx;
  const droneModelsRepository = createDroneModelsRepository(prisma);
  const machines = createMachinesService({
    repository: createMachinesRepository(prisma),
    droneModels: droneModelsRepository,
    owners,
    audit,
    clock,
  });
  const pilots = createPilotsService({ repository: createPilotsRepository(prisma), owners, audit, clock, users: records.users, accounts });
  const routers: Router[] = [
    droneModelsRouter(registry, createDroneModelsService({ repository: droneModelsRepository, owners, audit, clock })),
    machinesRouter(registry, machines),
    userMachinesRouter(registry, machines),
    pilotsRouter(registry, pilots),
    userPilotsRouter(registry, pilots),
  ];
  return { routers };
}
