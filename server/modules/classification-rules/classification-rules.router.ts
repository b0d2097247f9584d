import { idParamsSchema, pageOf } from '../../../src/shared/contracts/common';
import {
  classificationRuleCreateSchema,
  classificationRuleUpdateSchema,
  classificationRuleListQuerySchema,
  classificationRuleSchema,
  managedAirspaceSchema,
} from '../../../src/shared/contracts/classification-rules';
import { ApiRouter } from '../../lib/api-router';
import type { ApiRegistry } from '../../openapi';
import type { ClassificationRulesService } from './classification-rules.service';
import { z } from 'zod';

/** Classification rules of the airspaces the user manages; another airspace's rule is not found. */
export function classificationRulesRouter(registry: ApiRegistry, service: ClassificationRulesService) {
  return new ApiRouter(registry, '/api/classification-rules', 'classification-rules')
    .route({
      method: 'get',
      path: '/',
      summary: 'Classification rules of the airspaces the user manages, paginated (filter by airspace, type, impact, enabled)',
      access: ['PROCEDURECLASSIFICATION_LIST'],
      query: classificationRuleListQuerySchema,
      response: pageOf(classificationRuleSchema),
      handler: ({ user, query }) => service.list(user, query),
    })
    .route({
      method: 'post',
      path: '/',
      summary: 'Add a classification rule to a managed airspace',
      access: ['PROCEDURECLASSIFICATION_EDIT'],
      body: classificationRuleCreateSchema,
      response: classificationRuleSchema,
      handler: ({ user, body }) => service.create(user, body),
    })
    .route({
      method: 'get',
      path: '/:id',
      summary: 'One classification rule of a managed airspace',
      access: ['PROCEDURECLASSIFICATION_LIST'],
      params: idParamsSchema,
      response: classificationRuleSchema,
      handler: ({ user, params }) => service.get(user, params.id),
    })
    .route({
      method: 'put',
      path: '/:id',
      summary: 'Replace a classification rule (its airspace stays)',
      access: ['PROCEDURECLASSIFICATION_EDIT'],
      params: idParamsSchema,
      body: classificationRuleUpdateSchema,
      response: classificationRuleSchema,
      handler: ({ user, params, body }) => service.update(user, params.id, body),
    })
    .route({
      method: 'delete',
      path: '/:id',
      summary: 'Delete a classification rule',
      access: ['PROCEDURECLASSIFICATION_EDIT'],
      params: idParamsSchema,
      status: 204,
      handler: ({ user, params }) => service.remove(user, params.id),
    }).router;
}

/** The airspaces the signed-in user manages, for the rule and activation screens. */
export function managedAirspacesRouter(registry: ApiRegistry, service: Pick<ClassificationRulesService, 'managedAirspaces'>) {
  return new ApiRouter(registry, '/api/managed-airspaces', 'classification-rules').route({
    method: 'get',
    path: '/',
    summary: 'The airspaces the user manages, with their geometry',
    access: ['PROCEDURECLASSIFICATION_LIST', 'PROCEDUREAUTOMATION_LIST', 'PROCEDURE_ACTIVATION'],
    response: z.array(managedAirspaceSchema),
    handler: ({ user }) => service.managedAirspaces(user),
  }).router;
}
