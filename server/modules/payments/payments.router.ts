import { userIdParamsSchema, userRecordParamsSchema } from '../../../src/shared/contracts/common';
import { paymentCreateSchema, paymentListQuerySchema, paymentPageSchema, paymentSchema } from '../../../src/shared/contracts/payments';
import { ApiRouter } from '../../lib/api-router';
import type { ApiRegistry } from '../../openapi';
import type { PaymentsService } from './payments.service';

/** A user's payments: the administrators keep them, the operator (PREFLIGHT_EDIT) reads its own. */
export function paymentsRouter(registry: ApiRegistry, service: PaymentsService) {
  return new ApiRouter(registry, '/api/users/:userId/payments', 'payments')
    .route({
      method: 'get',
      path: '/',
      summary: "A user's payments with the unpaid and paid totals; an operator reaches its own only (others: 404)",
      access: ['USER_EDIT_ADMIN', 'PREFLIGHT_EDIT'],
      params: userIdParamsSchema,
      query: paymentListQuerySchema,
      response: paymentPageSchema,
      handler: ({ user, params, query }) => service.list(user, params.userId, query),
    })
    .route({
      method: 'post',
      path: '/',
      summary: 'Add a payment to a user',
      access: ['USER_EDIT_ADMIN'],
      params: userIdParamsSchema,
      body: paymentCreateSchema,
      response: paymentSchema,
      handler: ({ user, params, body }) => service.create(user, params.userId, body),
    })
    .route({
      method: 'get',
      path: '/:id',
      summary: "One of a user's payments; an operator reaches its own only (others: 404)",
      access: ['USER_EDIT_ADMIN', 'PREFLIGHT_EDIT'],
      params: userRecordParamsSchema,
      response: paymentSchema,
      handler: ({ user, params }) => service.get(user, params.userId, params.id),
    })
    .route({
      method: 'put',
      path: '/:id',
      summary: 'Replace a payment (marking it paid stamps paidAt)',
      access: ['USER_EDIT_ADMIN'],
      params: userRecordParamsSchema,
      body: paymentCreateSchema,
      response: paymentSchema,
      handler: ({ user, params, body }) => service.update(user, params.userId, params.id, body),
    })
    .route({
      method: 'delete',
      path: '/:id',
      summary: 'Delete a payment',
      access: ['USER_EDIT_ADMIN'],
      params: userRecordParamsSchema,
      status: 204,
      handler: ({ user, params }) => service.remove(user, params.userId, params.id),
    }).router;
}
