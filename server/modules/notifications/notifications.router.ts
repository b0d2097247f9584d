import { idParamsSchema } from '../../../src/shared/contracts/common';
import {
  missionNotificationsSchema,
  notificationActionParamsSchema,
  notificationCreateSchema,
  notificationSchema,
} from '../../../src/shared/contracts/notifications';
import { ApiRouter } from '../../lib/api-router';
import type { ApiRegistry } from '../../openapi';
import type { NotificationsService } from './notifications.service';

const READ = ['PREFLIGHT_LIST', 'PREFLIGHT_LIST_ADMIN'] as const;
const EDIT = ['PREFLIGHT_EDIT', 'PREFLIGHT_EDIT_ADMIN'] as const;

/** A mission's notifications to authorities, with the mission's own rights and ownership (docs/notifications.md). */
export function notificationsRouter(registry: ApiRegistry, service: NotificationsService) {
  return new ApiRouter(registry, '/api/preflights', 'notifications')
    .route({
      method: 'get',
      path: '/:id/notifications',
      summary: "The mission's notifications, the types its verdict calls for, and whether its tabs are validated",
      access: READ,
      params: idParamsSchema,
      response: missionNotificationsSchema,
      handler: ({ user, params }) => service.list(user, params.id),
    })
    .route({
      method: 'post',
      path: '/:id/notifications',
      summary: 'Create a notification (army or prefecture); sent at once when its window is open, else scheduled',
      access: EDIT,
      params: idParamsSchema,
      body: notificationCreateSchema,
      response: notificationSchema,
      handler: ({ user, params, body }) => service.create(user, params.id, body.type),
    })
    .route({
      method: 'post',
      path: '/:id/notifications/:notificationId/:action',
      summary: 'send (a scheduled one, now), update (send the mission as it is now) or cancel (also at the authority)',
      access: EDIT,
      params: notificationActionParamsSchema,
      response: notificationSchema,
      status: 200,
      handler: ({ user, params }) => service.act(user, params.id, params.notificationId, params.action),
    }).router;
}
