import { dashboardSchema } from '../../../src/shared/contracts/dashboard';
import { ApiRouter } from '../../lib/api-router';
import type { ApiRegistry } from '../../openapi';
import type { DashboardService } from './dashboard.service';

export function dashboardRouter(registry: ApiRegistry, service: DashboardService) {
  return new ApiRouter(registry, '/api/dashboard', 'dashboard').route({
    method: 'get',
    path: '/',
    summary: "The dashboard's aggregates: the platform's for DASHBOARD_ADMIN, the operator's own otherwise",
    access: 'signedIn',
    response: dashboardSchema,
    handler: ({ user }) => service.get(user),
  }).router;
}
