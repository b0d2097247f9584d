import { Router } from 'express';
import type { ApiRegistry } from '../../openapi';
import { activationsRouter } from '../activations/activations.router';
import type { ActivationsService } from '../activations/activations.service';
import { automationRulesRouter } from '../automation-rules/automation-rules.router';
import type { AutomationRulesService } from '../automation-rules/automation-rules.service';
import { classificationRulesRouter, managedAirspacesRouter } from '../classification-rules/classification-rules.router';
import type { ClassificationRulesService } from '../classification-rules/classification-rules.service';

/** The airspace manager's automation: classification rules, automation rules, their airspaces, and the requests' activations. */
export function automationRoutes(
  registry: ApiRegistry,
  services: { classificationRules: ClassificationRulesService; automationRules: AutomationRulesService; activations: ActivationsService },
): Router {
  const router = Router();
  router.use(managedAirspacesRouter(registry, services.classificationRules));
  router.use(classificationRulesRouter(registry, services.classificationRules));
  router.use(automationRulesRouter(registry, services.automationRules));
  router.use(activationsRouter(registry, services.activations));
  return router;
}
