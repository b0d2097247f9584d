import type { AlertInput, AlertListQuery, ViolationListQuery } from '../../../src/shared/contracts/alerts';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-token';
import type { AuditRepository } from '../audit/audit.repository';
import { toAlertDetail, toAlertSummary, toViolation } from './alerts.mapper';
import type { AlertsRepository } from './alerts.repository';

const invalid = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', 'Some fields are invalid', { fields: { [field]: [message] } });

export function createAlertsService({ repository, audit }: { repository: AlertsRepository; audit: AuditRepository }) {
  async function findAlert(id: string) {
    const alert = await repository.find(id);
    if (!alert) throw new AppError('NOT_FOUND', 'Unknown alert');
    return alert;
  }

  async function checkLinkedUsers(input: AlertInput) {
    if ((await repository.countUsers(input.linkedUserIds)) !== input.linkedUserIds.length) {
      throw invalid('linkedUserIds', 'validation:invalidValue');
    }
  }

  const record = (actor: AuthUser, action: string, id: string, data?: { violations: number }) =>
    audit.record({ actorId: actor.id, action, subjectType: 'alert', subjectId: id, data });

  return {
    async list(query: AlertListQuery) {
      const { items, total } = await repository.list(query);
      return { items: items.map(toAlertSummary), total, page: query.page, pageSize: query.pageSize };
    },
    async get(id: string) {
      return toAlertDetail(await findAlert(id));
    },
    async create(actor: AuthUser, input: AlertInput) {
      await checkLinkedUsers(input);
      const alert = await repository.create(input);
      await record(actor, 'alert.created', alert.id);
      return toAlertDetail(alert);
    },
    async update(actor: AuthUser, id: string, input: AlertInput) {
      await findAlert(id);
      await checkLinkedUsers(input);
      const alert = await repository.update(id, input);
      await record(actor, 'alert.updated', alert.id);
      return toAlertDetail(alert);
    },
    async remove(actor: AuthUser, id: string) {
      const alert = await findAlert(id);
      await repository.remove(id);
      await record(actor, 'alert.deleted', id, { violations: alert._count.violations });
    },
    /** Every episode with VIOLATION_LIST_ADMIN; else those of the actor's own flights. */
    async violations(actor: AuthUser, query: ViolationListQuery) {
      const scope = actor.rights.has('VIOLATION_LIST_ADMIN')
        ? null
        : { accountId: actor.id, owner: !actor.rights.has('SUPERVISION_PILOT') };
      const { items, total } = await repository.violations(query, scope);
      return { items: items.map(toViolation), total, page: query.page, pageSize: query.pageSize };
    },
  };
}

export type AlertsService = ReturnType<typeof createAlertsService>;
