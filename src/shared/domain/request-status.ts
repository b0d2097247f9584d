// Permission request statuses of spec domain §4; the actions and transitions are ours (docs/requests.md).
export const REQUEST_STATUSES = [
  'submitted',
  'accepted',
  'acceptedWithRestrictions',
  'rejected',
  'autoAccepted',
  'autoAcceptedWithRestrictions',
  'autoRejected',
  'awaiting',
  'archived',
] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

export const REQUEST_ACTIONS = [
  'accept',
  'acceptWithRestrictions',
  'reject',
  'askInformation',
  'answer',
  'cancelDecision',
  'archive',
  'autoAccept',
  'autoAcceptWithRestrictions',
  'autoReject',
] as const;
export type RequestAction = (typeof REQUEST_ACTIONS)[number];

/** Who may take an action: the airspace's manager, the operator who filed, or the platform (rules and timers). */
export type RequestActor = 'manager' | 'operator' | 'system';

export const REQUEST_ACTION_ACTOR: Readonly<Record<RequestAction, RequestActor>> = {
  accept: 'manager',
  acceptWithRestrictions: 'manager',
  reject: 'manager',
  askInformation: 'manager',
  answer: 'operator',
  cancelDecision: 'manager',
  archive: 'manager',
  autoAccept: 'system',
  autoAcceptWithRestrictions: 'system',
  autoReject: 'system',
};

/** Actions a manager takes from the request detail (the decision buttons). */
export const MANAGER_ACTIONS = REQUEST_ACTIONS.filter((action) => REQUEST_ACTION_ACTOR[action] === 'manager');
export type ManagerAction = (typeof MANAGER_ACTIONS)[number];

/** Under analysis: nobody has decided yet (spec §8 "contact suggestion forbidden while under analysis"). */
export const UNDER_ANALYSIS_STATUSES = ['submitted', 'awaiting'] as const satisfies readonly RequestStatus[];
export const ACCEPTED_STATUSES = [
  'accepted',
  'acceptedWithRestrictions',
  'autoAccepted',
  'autoAcceptedWithRestrictions',
] as const satisfies readonly RequestStatus[];
export const REJECTED_STATUSES = ['rejected', 'autoRejected'] as const satisfies readonly RequestStatus[];
const DECIDED_STATUSES = [...ACCEPTED_STATUSES, ...REJECTED_STATUSES] as const;

export function isAccepted(status: RequestStatus): boolean {
  return (ACCEPTED_STATUSES as readonly RequestStatus[]).includes(status);
}

/**
 * Spec shell §4 / domain §4 "procedure display states": how a procedure (a permission request) shows wherever it is
 * listed. Under analysis → inProgress, accepted (by hand or by a rule, with or without restrictions) → ok, rejected →
 * ko, archived → disable.
 */
export const PROCEDURE_DISPLAY_STATES = ['inProgress', 'ok', 'ko', 'disable'] as const;
export type ProcedureDisplayState = (typeof PROCEDURE_DISPLAY_STATES)[number];

export function procedureDisplayState(status: RequestStatus): ProcedureDisplayState {
  if (isAccepted(status)) return 'ok';
  if ((REJECTED_STATUSES as readonly RequestStatus[]).includes(status)) return 'ko';
  return status === 'archived' ? 'disable' : 'inProgress';
}

const decided = (): Partial<Record<RequestAction, RequestStatus>> => ({ cancelDecision: 'submitted', archive: 'archived' });

/**
 * status × action → next status; a missing entry is a refused transition. A decision (manual or automatic) is
 * taken on a request under analysis; cancelling a decision puts the request back under analysis (re-examination);
 * only decided requests are archived; archived is final.
 */
export const REQUEST_TRANSITIONS: Readonly<Record<RequestStatus, Partial<Record<RequestAction, RequestStatus>>>> = {
  submitted: {
    accept: 'accepted',
    acceptWithRestrictions: 'acceptedWithRestrictions',
    reject: 'rejected',
    askInformation: 'awaiting',
    autoAccept: 'autoAccepted',
    autoAcceptWithRestrictions: 'autoAcceptedWithRestrictions',
    autoReject: 'autoRejected',
  },
  awaiting: {
    accept: 'accepted',
    acceptWithRestrictions: 'acceptedWithRestrictions',
    reject: 'rejected',
    answer: 'submitted',
    autoReject: 'autoRejected',
  },
  ...(Object.fromEntries(DECIDED_STATUSES.map((status) => [status, decided()])) as Record<
    (typeof DECIDED_STATUSES)[number],
    Partial<Record<RequestAction, RequestStatus>>
  >),
  archived: {},
};

/** The status after `action`, or null when the action is not allowed in `status`. */
export function nextRequestStatus(status: RequestStatus, action: RequestAction): RequestStatus | null {
  return REQUEST_TRANSITIONS[status][action] ?? null;
}

/** The actions `actor` may take in `status`, in the order of REQUEST_ACTIONS. */
export function allowedRequestActions(status: RequestStatus, actor: RequestActor): RequestAction[] {
  return REQUEST_ACTIONS.filter((action) => REQUEST_ACTION_ACTOR[action] === actor && REQUEST_TRANSITIONS[status][action] !== undefined);
}
