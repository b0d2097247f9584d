import {
  automationDryRunBodySchema,
  automationRuleCreateSchema,
  automationRuleListQuerySchema,
  automationRuleSchema,
  automationRuleUpdateSchema,
  dryRunResultSchema,
} from '../../../src/shared/contracts/automation-rules';
import { idParamsSchema, pageOf } from '../../../src/shared/contracts/common';
import { ApiRouter } from '../../lib/api-router';
import type { ApiRegistry } from '../../openapi';
import type { AutomationRulesService } from './automation-rules.service';

/** Automation rules of the airspaces the user manages; another airspace's rule is not found. */
export function automationRulesRouter(registry: ApiRegistry, service: AutomationRulesService) {
  return new ApiRouter(registry, '/api/automation-rules', 'automation-rules')
    .route({
      method: 'get',
      path: '/',
      summary: 'Automation rules of the airspaces the user manages, paginated (filter by airspace, mode, enabled)',
      access: ['PROCEDUREAUTOMATION_LIST'],
      query: automationRuleListQuerySchema,
      response: pageOf(automationRuleSchema),
      handler: ({ user, query }) => service.list(user, query),
    })
    .route({
      method: 'post',
      path: '/',
      summary: 'Add an automation rule to a managed airspace (disabled unless told otherwise)',
      access: ['PROCEDUREAUTOMATION_EDIT'],
      body: automationRuleCreateSchema,
      response: automationRuleSchema,
      handler: ({ user, body }) => service.create(user, body),
    })
    .route({
      method: 'post',
      path: '/dry-run',
      summary: "Try an unsaved rule on its airspace's past requests: which it would have answered and how",
      access: ['PROCEDUREAUTOMATION_LIST'],
      body: automationDryRunBodySchema,
      response: dryRunResultSchema,
      status: 200,
      handler: ({ user, body }) => service.dryRunUnsaved(user, body),
    })
    .route({
      method: 'get',
      path: '/:id',
      summary: 'One automation rule of a managed airspace',
      access: ['PROCEDUREAUTOMATION_LIST'],
      params: idParamsSchema,
      response: automationRuleSchema,
      handler: ({ user, params }) => service.get(user, params.id),
    })
    .route({
      method: 'put',
      path: '/:id',
      summary: 'Replace an automation rule; any change raises its version',
      access: ['PROCEDUREAUTOMATION_EDIT'],
      params: idParamsSchema,
      body: automationRuleUpdateSchema,
      response: automationRuleSchema,
      handler: ({ user, params, body }) => service.update(user, params.id, body),
    })
    .route({
      method: 'delete',
      path: '/:id',
      summary: 'Delete an automation rule (requests it answered keep its title and version in their history)',
      access: ['PROCEDUREAUTOMATION_EDIT'],
      params: idParamsSchema,
      status: 204,
      handler: ({ user, params }) => service.remove(user, params.id),
    })
    .route({
      method: 'post',
      path: '/:id/dry-run',
      summary: "Try a saved rule on its airspace's past requests: which it would have answered and how",
      access: ['PROCEDUREAUTOMATION_LIST'],
      params: idParamsSchema,
      response: dryRunResultSchema,
      status: 200,
      handler: ({ user, params }) => service.dryRunSaved(user, params.id),
    }).router;
}
