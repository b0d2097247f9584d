import type { Router } from 'express';
import type { AppContext } from '../context';
import { createActivationsRepository } from '../modules/activations/activations.repository';
import { createActivationsService } from '../modules/activations/activations.service';
import { createAutomationRulesRepository } from '../modules/automation-rules/automation-rules.repository';
import { createAutomationRulesService } from '../modules/automation-rules/automation-rules.service';
import { createRequestEvaluator } from '../modules/automation/evaluate-request';
import { createAutomationRepository } from '../modules/automation/automation.repository';
import { automationRoutes } from '../modules/automation/automation.routes';
import { createClassificationRulesRepository } from '../modules/classification-rules/classification-rules.repository';
import { createClassificationRulesService } from '../modules/classification-rules/classification-rules.service';
import { createAutoReject } from '../modules/requests/auto-reject';
import { createDecideRequest } from '../modules/requests/decide-request';
import { createFileRequest } from '../modules/requests/file-request';
import { createRequestChat } from '../modules/requests/request-chat';
import { createRequestQueries } from '../modules/requests/requests.queries';
import { createRequestsRepository } from '../modules/requests/requests.repository';
import { deconflictionRouter, requestsRouter } from '../modules/requests/requests.router';
import type { ApiRegistry } from '../openapi';
import type { Records } from './records';

/**
 * Permission requests and their use cases (docs/requests.md), and the airspace manager's automation: classification
 * and automation rules, activations (docs/request-automation.md).
 */
export function buildRequests(ctx: AppContext, registry: ApiRegistry, records: Records) {
  const { prisma, clock } = ctx;
  const deps = {
    repository: createRequestsRepository(prisma, ctx.pool),
    airspaces: records.airspaces,
    owners: records.owners,
    missionReach: records.missionReach,
    mailer: ctx.mailer,
    sms: ctx.sms,
    clock,
    publicUrl: ctx.config.publicUrl,
    geometry: ctx.geometry,
    events: records.webhooks,
  };
  const queries = createRequestQueries(deps);
  const fileRequest = createFileRequest({
    ...deps,
    evaluate: createRequestEvaluator({ repository: createAutomationRepository(ctx.pool), zones: ctx.zones }),
  });
  const activations = createActivationsService({ repository: createActivationsRepository(prisma), clock });
  const routers: Router[] = [
    requestsRouter(registry, { queries, fileRequest, decideRequest: createDecideRequest(deps), chat: createRequestChat(deps) }),
    deconflictionRouter(registry, queries),
    ...automationRoutes(registry, {
      classificationRules: createClassificationRulesService({
        repository: createClassificationRulesRepository(prisma),
        airspaces: records.airspaces,
      }),
      automationRules: createAutomationRulesService({ repository: createAutomationRulesRepository(prisma), airspaces: records.airspaces }),
      activations,
    }),
  ];
  return { routers, queries, autoRejectDue: createAutoReject(deps), activations };
}
