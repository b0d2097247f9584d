import type { Payment, PaymentInput, PaymentListQuery } from '../../../src/shared/contracts/payments';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-token';
import type { Clock } from '../../lib/clock';
import type { AuditRepository } from '../audit/audit.repository';
import type { PaymentRow, PaymentsRepository } from './payments.repository';

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

function toPayment(row: PaymentRow): Payment {
  return {
    id: row.id,
    userId: row.userId,
    reference: row.reference,
    label: row.label,
    amountCents: row.amountCents,
    periodStart: isoDay(row.periodStart),
    periodEnd: isoDay(row.periodEnd),
    dueDate: row.dueDate ? isoDay(row.dueDate) : null,
    status: row.status,
    paidAt: row.paidAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function createPaymentsService(deps: { repository: PaymentsRepository; audit: AuditRepository; clock: Clock }) {
  const { repository, audit, clock } = deps;

  /** An operator reads its own payments only; someone else's answer 404 like an unknown user. */
  async function checkReach(actor: AuthUser, userId: string) {
    const admin = actor.rights.has('USER_EDIT_ADMIN');
    if ((!admin && userId !== actor.id) || !(await repository.userExists(userId))) throw new AppError('NOT_FOUND', 'Unknown user');
  }

  async function findPayment(actor: AuthUser, userId: string, id: string) {
    await checkReach(actor, userId);
    const payment = await repository.find(userId, id);
    if (!payment) throw new AppError('NOT_FOUND', 'Unknown payment');
    return payment;
  }

  const record = (actor: AuthUser, action: string, payment: PaymentRow) =>
    audit.record({ actorId: actor.id, action, subjectType: 'payment', subjectId: payment.id, data: { userId: payment.userId } });

  return {
    async list(actor: AuthUser, userId: string, query: PaymentListQuery) {
      await checkReach(actor, userId);
      const { items, ...rest } = await repository.list(userId, query);
      return { items: items.map(toPayment), ...rest, page: query.page, pageSize: query.pageSize };
    },
    async get(actor: AuthUser, userId: string, id: string) {
      return toPayment(await findPayment(actor, userId, id));
    },
    async create(actor: AuthUser, userId: string, input: PaymentInput) {
      await checkReach(actor, userId);
      const payment = await repository.create(userId, input, input.status === 'paid' ? clock.now() : null);
      await record(actor, 'payment.created', payment);
      return toPayment(payment);
    },
    /** paidAt is the moment the payment was marked paid; it stays while it remains paid. */
    async update(actor: AuthUser, userId: string, id: string, input: PaymentInput) {
      const current = await findPayment(actor, userId, id);
      const paidAt = input.status === 'paid' ? (current.paidAt ?? clock.now()) : null;
      const payment = await repository.update(id, input, paidAt);
      await record(actor, 'payment.updated', payment);
      return toPayment(payment);
    },
    async remove(actor: AuthUser, userId: string, id: string) {
      const payment = await findPayment(actor, userId, id);
      await repository.remove(id);
      await record(actor, 'payment.deleted', payment);
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
