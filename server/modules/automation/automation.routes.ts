import type { Router } from 'express';
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
): Router[] {
  return [
    managedAirspacesRouter(registry, services.classificationRules),
    classificationRulesRouter(registry, services.classificationRules),
    automationRulesRouter(registry, services.automationRules),
    activationsRouter(registry, services.activations),
  ];
}
