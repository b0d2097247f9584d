import {
  activationParamsSchema,
  activationRejectSchema,
  activationSchema,
  activationSlotSchema,
  requestActivationsSchema,
} from '../../../src/shared/contracts/activations';
import { idParamsSchema } from '../../../src/shared/contracts/common';
import { ApiRouter } from '../../lib/api-router';
import type { ApiRegistry } from '../../openapi';
import type { ActivationsService } from './activations.service';

/** Activations of a request: its operator files them, a manager of its airspace answers; anyone else gets 404. */
export function activationsRouter(registry: ApiRegistry, service: ActivationsService) {
  return new ApiRouter(registry, '/api/requests/:id/activations', 'activations')
    .route({
      method: 'get',
      path: '/',
      summary: "Whether the request needs activations, the filing window (minimum, maximum, file-by dates) and the request's slots",
      access: ['PREFLIGHT_LIST', 'PREFLIGHTPROCEDURE_LIST', 'PROCEDURE_ACTIVATION'],
      params: idParamsSchema,
      response: requestActivationsSchema,
      handler: ({ user, params }) => service.view(user, params.id),
    })
    .route({
      method: 'post',
      path: '/',
      summary: 'File a slot (toSubmit) within the window; each date rule refused with its own error',
      access: ['PREFLIGHT_EDIT'],
      params: idParamsSchema,
      body: activationSlotSchema,
      response: activationSchema,
      handler: ({ user, params, body }) => service.create(user, params.id, body),
    })
    .route({
      method: 'put',
      path: '/:activationId',
      summary: 'Change the dates of a slot (an accepted or rejected one becomes toUpdate)',
      access: ['PREFLIGHT_EDIT'],
      params: activationParamsSchema,
      body: activationSlotSchema,
      response: activationSchema,
      handler: ({ user, params, body }) => service.edit(user, params.id, params.activationId, body),
    })
    .route({
      method: 'delete',
      path: '/:activationId',
      summary: 'Delete a slot never submitted',
      access: ['PREFLIGHT_EDIT'],
      params: activationParamsSchema,
      status: 204,
      handler: ({ user, params }) => service.remove(user, params.id, params.activationId),
    })
    .route({
      method: 'post',
      path: '/:activationId/submit',
      summary: 'Send a slot, its change or its withdrawal to the managers; starts the auto-reject delay',
      access: ['PREFLIGHT_EDIT'],
      params: activationParamsSchema,
      response: activationSchema,
      status: 200,
      handler: ({ user, params }) => service.submit(user, params.id, params.activationId),
    })
    .route({
      method: 'post',
      path: '/:activationId/cancel',
      summary: 'Withdraw an accepted slot (toDelete, then submit)',
      access: ['PREFLIGHT_EDIT'],
      params: activationParamsSchema,
      response: activationSchema,
      status: 200,
      handler: ({ user, params }) => service.cancel(user, params.id, params.activationId),
    })
    .route({
      method: 'post',
      path: '/:activationId/accept',
      summary: 'Accept a submitted slot (manager of the airspace)',
      access: ['PROCEDURE_ACTIVATION'],
      params: activationParamsSchema,
      response: activationSchema,
      status: 200,
      handler: ({ user, params }) => service.decide(user, params.id, params.activationId, 'accept', null),
    })
    .route({
      method: 'post',
      path: '/:activationId/reject',
      summary: 'Reject a submitted slot with an optional reason (manager of the airspace)',
      access: ['PROCEDURE_ACTIVATION'],
      params: activationParamsSchema,
      body: activationRejectSchema,
      response: activationSchema,
      status: 200,
      handler: ({ user, params, body }) => service.decide(user, params.id, params.activationId, 'reject', body.reason ?? null),
    })
    .route({
      method: 'post',
      path: '/:activationId/archive',
      summary: 'Archive an accepted or rejected slot (manager of the airspace)',
      access: ['PROCEDURE_ACTIVATION'],
      params: activationParamsSchema,
      response: activationSchema,
      status: 200,
      handler: ({ user, params }) => service.decide(user, params.id, params.activationId, 'archive', null),
    }).router;
}
