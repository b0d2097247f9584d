// Agreement statuses of spec domain §4; the transitions are ours (docs/agreements.md).
import type { AgreementStatus } from './enums';

export const AGREEMENT_ACTIONS = ['request', 'renew', 'validate', 'reject', 'update', 'nearExpiry', 'expire', 'exempt', 'require'] as const;
export type AgreementAction = (typeof AGREEMENT_ACTIONS)[number];

/** Who may take each action: the operator on its own agreement, an administrator, or the server itself. */
export const AGREEMENT_ACTORS: Readonly<Record<AgreementAction, 'operator' | 'admin' | 'system'>> = {
  request: 'operator',
  renew: 'operator',
  validate: 'admin',
  reject: 'admin',
  exempt: 'admin',
  require: 'admin',
  update: 'system',
  nearExpiry: 'system',
  expire: 'system',
};

/** status × action → next status. A missing entry is a refused transition. */
export const AGREEMENT_TRANSITIONS: Readonly<Record<AgreementStatus, Partial<Record<AgreementAction, AgreementStatus>>>> = {
  notValidated: { request: 'toBeValidated', exempt: 'noNeedAgreement' },
  toBeValidated: { validate: 'validated', reject: 'rejected', exempt: 'noNeedAgreement' },
  validated: { update: 'updated', nearExpiry: 'nearlyExpired', expire: 'expired', exempt: 'noNeedAgreement' },
  updated: { validate: 'validated', reject: 'rejected', nearExpiry: 'nearlyExpired', expire: 'expired', exempt: 'noNeedAgreement' },
  nearlyExpired: { renew: 'renewValidation', update: 'updated', expire: 'expired', exempt: 'noNeedAgreement' },
  renewValidation: { validate: 'validated', reject: 'rejected', expire: 'expired', exempt: 'noNeedAgreement' },
  expired: { request: 'toBeValidated', exempt: 'noNeedAgreement' },
  rejected: { request: 'toBeValidated', exempt: 'noNeedAgreement' },
  noNeedAgreement: { require: 'notValidated' },
};

/** The status after `action`, or null when the action is not allowed in `status`. */
export function nextAgreementStatus(status: AgreementStatus, action: AgreementAction): AgreementStatus | null {
  return AGREEMENT_TRANSITIONS[status][action] ?? null;
}

/** The actions of `actor` allowed in `status`, in the order of AGREEMENT_ACTIONS. */
export function allowedAgreementActions(status: AgreementStatus, actor: 'operator' | 'admin'): AgreementAction[] {
  return AGREEMENT_ACTIONS.filter((action) => AGREEMENT_ACTORS[action] === actor && AGREEMENT_TRANSITIONS[status][action] !== undefined);
}

/** The checklist of spec domain §5, in its order. */
export const AGREEMENT_CHECKLIST_ITEMS = [
  'companyName',
  'pilot',
  'machine',
  'phone',
  'address',
  'operationsManual',
  'idDocument',
  'insuranceCertificate',
] as const;
export type AgreementChecklistItem = (typeof AGREEMENT_CHECKLIST_ITEMS)[number];
