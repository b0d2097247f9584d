import type { Router } from 'express';
import type { AppContext } from '../context';
import { createFileStore, FILE_STORES } from '../lib/file-store';
import { airspacesRouter } from '../modules/airspaces/airspaces.router';
import { createAirspacesService } from '../modules/airspaces/airspaces.service';
import { dashboardRouter } from '../modules/dashboard/dashboard.router';
import { createDashboardRepository } from '../modules/dashboard/dashboard.repository';
import { createDashboardService } from '../modules/dashboard/dashboard.service';
import { createDocumentsRepository } from '../modules/documents/documents.repository';
import { documentsRouter } from '../modules/documents/documents.router';
import { createDocumentsService } from '../modules/documents/documents.service';
import { createGroupsRepository } from '../modules/groups/groups.repository';
import { groupsRouter } from '../modules/groups/groups.router';
import { createGroupsService } from '../modules/groups/groups.service';
import { outboxRouter } from '../modules/outbox/outbox.router';
import { createPaymentsRepository } from '../modules/payments/payments.repository';
import { paymentsRouter } from '../modules/payments/payments.router';
import { createPaymentsService } from '../modules/payments/payments.service';
import { usersRouter } from '../modules/users/users.router';
import { createUsersService, type UsersServiceDeps } from '../modules/users/users.service';
import { whitelistRouter } from '../modules/whitelist/whitelist.router';
import { createWhitelistRepository } from '../modules/whitelist/whitelist.repository';
import { createWhitelistService } from '../modules/whitelist/whitelist.service';
import type { ApiRegistry } from '../openapi';
import type { Records } from './records';

/**
 * The back office: users, groups and airspaces (docs/backoffice-admin.md), payments, documents and the machine
 * whitelist (docs/backoffice-records.md), the dashboard and the outbox of messages sent.
 */
export function buildBackOffice(
  ctx: AppContext,
  registry: ApiRegistry,
  records: Records,
  accountAdministration: UsersServiceDeps['accounts'],
) {
  const { audit, owners } = records;
  const { prisma, clock, config } = ctx;
  const users = createUsersService({
    repository: records.users,
    audit,
    clock,
    accounts: accountAdministration,
    bcryptRounds: config.bcryptRounds,
  });
  const documentFiles = createFileStore(config.dataDir, FILE_STORES.documents);
  const documents = createDocumentsService({
    repository: createDocumentsRepository(prisma),
    files: documentFiles,
    audit,
  });
  const routers: Router[] = [
    usersRouter(registry, users, ctx.userListCache),
    groupsRouter(registry, createGroupsService({ repository: createGroupsRepository(prisma), audit })),
    airspacesRouter(registry, createAirspacesService({ repository: records.airspaces, audit })),
    paymentsRouter(registry, createPaymentsService({ repository: createPaymentsRepository(prisma), audit, clock })),
    documentsRouter(registry, documents, documentFiles),
    whitelistRouter(registry, createWhitelistService({ repository: createWhitelistRepository(prisma), audit })),
    dashboardRouter(registry, createDashboardService({ repository: createDashboardRepository(prisma), owners, clock })),
    outboxRouter(registry, ctx.outbox),
  ];
  return { routers };
}
