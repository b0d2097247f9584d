import { Router } from 'express';
import type { AppContext } from '../../context';
import type { ApiRegistry } from '../../openapi';
import { activationsRouter } from '../activations/activations.router';
import { createActivationsService } from '../activations/activations.service';
import { automationRulesRouter } from '../automation-rules/automation-rules.router';
import { createAutomationRulesService } from '../automation-rules/automation-rules.service';
import { classificationRulesRouter, managedAirspacesRouter } from '../classification-rules/classification-rules.router';
import { createClassificationRulesService } from '../classification-rules/classification-rules.service';

/** The airspace manager's automation: classification rules, automation rules, their airspaces, and the requests' activations. */
export function automationRoutes(registry: ApiRegistry, ctx: AppContext): Router {
  const router = Router();
  router.use(managedAirspacesRouter(registry, ctx));
  router.use(classificationRulesRouter(registry, createClassificationRulesService(ctx)));
  router.use(automationRulesRouter(registry, createAutomationRulesService(ctx)));
  router.use(activationsRouter(registry, createActivationsService(ctx)));
  return router;
}
