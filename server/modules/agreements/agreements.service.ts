import type { Agreement, AgreementValidate } from '../../../src/shared/contracts/agreements';
import {
  AGREEMENT_CHECKLIST_ITEMS,
  allowedAgreementActions,
  nextAgreementStatus,
  type AgreementAction,
  type AgreementChecklistItem,
} from '../../../src/shared/domain/agreement-status';
import { AGREEMENT_DEFAULT_VALIDITY_DAYS, AGREEMENT_NEARLY_EXPIRED_DAYS, AGREEMENT_REMINDER_DAYS } from '../../../src/shared/domain/limits';
import type { Mailer } from '../../integrations/mail/mailer';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-token';
import type { Clock } from '../../lib/clock';
import { toAttachment } from '../attachments/attachments.mapper';
import type { RecordOwners } from '../users/record-owner';
import { agreementEmail, type AgreementEmail } from './agreements.emails';
import type { AgreementSubject, AgreementsRepository } from './agreements.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface AgreementsServiceDeps {
  repository: AgreementsRepository;
  owners: RecordOwners;
  mailer: Mailer;
  clock: Clock;
  publicUrl: string;
}

/** What an agreement validates of the account itself: changing one of them asks for revalidation. */
const COMPANY_FIELDS = [
  'companyName',
  'phoneNumber',
  'addressLine1',
  'addressLine2',
  'addressLine3',
  'postalCode',
  'city',
  'country',
] as const;

const filled = (value: string | null | undefined) => !!value && value.trim() !== '';

/** Whole days from `now` to `expiresAt`, counting a started day: 59 days and 1 hour left is 60 days. */
export function daysLeft(expiresAt: Date, now: Date): number {
  return Math.ceil((expiresAt.getTime() - now.getTime()) / DAY_MS);
}

export function createAgreementsService(deps: AgreementsServiceDeps) {
  const { repository, owners, mailer, clock, publicUrl } = deps;
  const link = `${publicUrl}/backoffice/myagreement`;

  async function subject(userId: string) {
    const user = await repository.findSubject(userId);
    if (!user) throw new AppError('NOT_FOUND', 'Unknown user');
    return user;
  }

  async function checklist(user: AgreementSubject): Promise<Record<AgreementChecklistItem, boolean>> {
    const facts = await repository.checklistFacts(user.id);
    return {
      companyName: filled(user.companyName),
      pilot: facts.hasPilot,
      machine: facts.hasMachine,
      phone: filled(user.phoneNumber),
      address: filled(user.addressLine1) && filled(user.postalCode) && filled(user.city),
      operationsManual: facts.documentKinds.has('operationsManual'),
      idDocument: facts.documentKinds.has('idDocument'),
      insuranceCertificate: facts.documentKinds.has('insuranceCertificate'),
    };
  }

  async function notify(user: AgreementSubject, email: AgreementEmail) {
    await mailer.send(agreementEmail(email, user.lang, user.email, link));
  }

  async function view(userId: string, reader: 'operator' | 'admin'): Promise<Agreement> {
    const user = await subject(userId);
    const [items, documents, history] = await Promise.all([
      checklist(user),
      repository.operatorDocuments(userId),
      repository.history(userId),
    ]);
    return {
      userId: user.id,
      email: user.email,
      name: `${user.firstName} ${user.lastName}`,
      companyName: user.companyName,
      status: user.agreementStatus,
      expiresAt: user.agreementExpiresAt?.toISOString() ?? null,
      adminMessage: user.adminMessage,
      checklist: AGREEMENT_CHECKLIST_ITEMS.map((item) => ({ item, done: items[item] })),
      complete: AGREEMENT_CHECKLIST_ITEMS.every((item) => items[item]),
      actions: allowedAgreementActions(user.agreementStatus, reader),
      documents: documents.map(toAttachment),
      history: history.map((entry) => ({
        id: entry.id,
        action: entry.action as AgreementAction,
        fromStatus: entry.fromStatus,
        toStatus: entry.toStatus,
        reason: entry.reason,
        actorName: entry.actor ? `${entry.actor.firstName} ${entry.actor.lastName}` : null,
        expiresAt: entry.expiresAt?.toISOString() ?? null,
        createdAt: entry.createdAt.toISOString(),
      })),
    };
  }

  /** Applies `action` from the user's current status; refused when the table has no such transition. */
  async function apply(
    user: AgreementSubject,
    action: AgreementAction,
    actorId: string | null,
    extra: { reason?: string | null; expiresAt?: Date | null; adminMessage?: string | null } = {},
  ) {
    const to = nextAgreementStatus(user.agreementStatus, action);
    if (!to) throw new AppError('AGREEMENT_TRANSITION_NOT_ALLOWED', `Cannot ${action} an agreement that is ${user.agreementStatus}`);
    const moved = await repository.transition({
      userId: user.id,
      from: user.agreementStatus,
      to,
      action,
      actorId,
      at: clock.now(),
      ...extra,
    });
    if (!moved) throw new AppError('AGREEMENT_TRANSITION_NOT_ALLOWED', 'The agreement status changed meanwhile');
    return to;
  }

  async function requireComplete(user: AgreementSubject) {
    const items = await checklist(user);
    const missing = AGREEMENT_CHECKLIST_ITEMS.filter((item) => !items[item]);
    if (missing.length > 0) throw new AppError('AGREEMENT_CHECKLIST_INCOMPLETE', `The agreement file is incomplete: ${missing.join(', ')}`);
  }

  /** The account whose agreement the signed-in user handles: its own, or its operator's with SUPERVISION_ACCOUNT_EDIT. */
  async function ownAccountId(actor: AuthUser) {
    return actor.rights.has('SUPERVISION_ACCOUNT_EDIT') ? owners.ownerId(actor, { kind: 'own' }) : actor.id;
  }

  /**
   * Validated data changed (an operator document, the company information): a running agreement needs
   * revalidation. Any other status is left as it is, since nothing validated has changed.
   */
  async function dataChanged(userId: string, actorId: string | null, what: string) {
    const user = await repository.findSubject(userId);
    if (!user || !nextAgreementStatus(user.agreementStatus, 'update')) return;
    await repository.transition({
      userId,
      from: user.agreementStatus,
      to: 'updated',
      action: 'update',
      actorId,
      reason: what,
      at: clock.now(),
    });
  }

  /** The company information an agreement validates, to compare before and after a profile change. */
  async function companyInfo(userId: string) {
    const user = await repository.findSubject(userId);
    return user && COMPANY_FIELDS.map((field) => user[field] ?? '').join('\u0000');
  }

  return {
    async mine(actor: AuthUser) {
      return view(await ownAccountId(actor), 'operator');
    },

    ofUser(userId: string) {
      return view(userId, 'admin');
    },

    /** The operator's actions: ask for validation (checklist complete) or for renewal. */
    async operatorAction(actor: AuthUser, action: Extract<AgreementAction, 'request' | 'renew'>) {
      const user = await subject(await ownAccountId(actor));
      await requireComplete(user);
      await apply(user, action, actor.id);
      const file = `${link}?userId=${user.id}`;
      const operator = user.companyName?.trim() || `${user.firstName} ${user.lastName}`;
      for (const decider of await repository.deciders()) {
        await mailer.send(agreementEmail({ kind: 'toDecide', action, operator }, decider.lang, decider.email, file));
      }
      return view(user.id, 'operator');
    },

    async validate(actor: AuthUser, userId: string, input: AgreementValidate) {
      const user = await subject(userId);
      const now = clock.now();
      const expiresAt = input.expiresAt
        ? new Date(`${input.expiresAt}T00:00:00.000Z`)
        : new Date(now.getTime() + AGREEMENT_DEFAULT_VALIDITY_DAYS * DAY_MS);
      if (expiresAt <= now) {
        throw new AppError('AGREEMENT_EXPIRY_IN_PAST', 'The expiry date must be in the future');
      }
      if (nextAgreementStatus(user.agreementStatus, 'validate')) await requireComplete(user);
      await apply(user, 'validate', actor.id, { expiresAt, adminMessage: null });
      await notify(user, { kind: 'validated', expiresAt });
      return view(userId, 'admin');
    },

    async reject(actor: AuthUser, userId: string, reason: string) {
      const user = await subject(userId);
      await apply(user, 'reject', actor.id, { reason, adminMessage: reason });
      await notify(user, { kind: 'rejected', reason });
      return view(userId, 'admin');
    },

    async adminAction(actor: AuthUser, userId: string, action: Extract<AgreementAction, 'exempt' | 'require'>) {
      const user = await subject(userId);
      await apply(user, action, actor.id, action === 'require' ? { expiresAt: null } : {});
      return view(userId, 'admin');
    },

    dataChanged,

    companyInfo,

    async companyInfoSaved(userId: string, before: string | null, actorId: string) {
      const after = await companyInfo(userId);
      if (before !== null && after !== before) await dataChanged(userId, actorId, 'companyInfo');
    },

    /**
     * The expiry job: running agreements past their date expire; within AGREEMENT_NEARLY_EXPIRED_DAYS they become
     * nearlyExpired; reminders go out at 60, 30, 10 and 1 days before, once each per expiry date. A run that comes
     * late sends one reminder (with the days actually left) and counts every threshold passed as reminded.
     */
    async runAgreementExpiry(now: Date) {
      for (const user of await repository.running()) {
        const expiresAt = user.agreementExpiresAt!;
        const left = daysLeft(expiresAt, now);
        if (left <= 0) {
          if (
            await repository.transition({
              userId: user.id,
              from: user.agreementStatus,
              to: 'expired',
              action: 'expire',
              actorId: null,
              at: now,
            })
          ) {
            await notify(user, { kind: 'expired' });
          }
          continue;
        }
        if (left <= AGREEMENT_NEARLY_EXPIRED_DAYS && nextAgreementStatus(user.agreementStatus, 'nearExpiry')) {
          await repository.transition({
            userId: user.id,
            from: user.agreementStatus,
            to: 'nearlyExpired',
            action: 'nearExpiry',
            actorId: null,
            at: now,
          });
        }
        if (user.agreementStatus === 'renewValidation') continue;
        const sent = new Set((await repository.remindersSent(user.id, expiresAt)).map((r) => r.daysBefore));
        const due = AGREEMENT_REMINDER_DAYS.filter((days) => left <= days && !sent.has(days));
        if (due.length === 0) continue;
        await repository.recordReminders(user.id, expiresAt, due, now);
        await notify(user, { kind: 'reminder', expiresAt, daysBefore: left });
      }
    },
  };
}

export type AgreementsService = ReturnType<typeof createAgreementsService>;
