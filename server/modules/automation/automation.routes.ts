import { Router } from 'express';
import type { AppContext } from '../../context';
import type { ApiRegistry } from '../../openapi';
import { automationRulesRouter } from '../automation-rules/automation-rules.router';
import { createAutomationRulesService } from '../automation-rules/automation-rules.service';
import { classificationRulesRouter, managedAirspacesRouter } from '../classification-rules/classification-rules.router';
import { createClassificationRulesService } from '../classification-rules/classification-rules.service';

/** The airspace manager's automation: classification rules, automation rules and their airspaces. */
export function automationRoutes(registry: ApiRegistry, ctx: AppContext): Router {
  const router = Router();
  router.use(managedAirspacesRouter(registry, ctx));
  router.use(classificationRulesRouter(registry, createClassificationRulesService(ctx)));
  router.use(automationRulesRouter(registry, createAutomationRulesService(ctx)));
  return router;
}
