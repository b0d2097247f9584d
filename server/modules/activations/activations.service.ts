import type { ActivationSlot } from '../../../src/shared/contracts/activations';
import type { MissionSnapshot } from '../../../src/shared/contracts/requests';
import {
  activationDateError,
  activationsRequired,
  activationTransition,
  activationWindow,
  allowedActivationActions,
  type ActivationAction,
  type ActivationSettings,
} from '../../../src/shared/domain/activation-dates';
import { isAccepted } from '../../../src/shared/domain/request-status';
import type { AuthUser } from '../../lib/auth-token';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { ActivationRow, ActivationsRepository } from './activations.repository';

const HOUR_MS = 3_600_000;
type Side = 'operator' | 'manager';

function toDto(activation: ActivationRow, side: Side) {
  return {
    id: activation.id,
    startAt: activation.startAt.toISOString(),
    endAt: activation.endAt.toISOString(),
    status: activation.status,
    submittedAt: activation.submittedAt?.toISOString() ?? null,
    autoRejectAt: activation.autoRejectAt?.toISOString() ?? null,
    decidedAt: activation.decidedAt?.toISOString() ?? null,
    rejectionReason: activation.rejectionReason,
    allowedActions: allowedActivationActions(activation.status, side),
  };
}

export interface ActivationsServiceDeps {
  repository: ActivationsRepository;
  clock: Clock;
}

/** Flight slots of an accepted request (docs/request-automation.md "Activations"). */
export function createActivationsService(deps: ActivationsServiceDeps) {
  const { repository, clock } = deps;

  /** The request as the viewer may see it: its operator or a manager of its airspace; anyone else gets 404. */
  async function load(user: AuthUser, requestId: string) {
    const request = await repository.findRequest(requestId, user.id);
    const side: Side | null = !request
      ? null
      : request.operatorId === user.id
        ? 'operator'
        : request.airspace.managers.length > 0
          ? 'manager'
          : null;
    if (!request || !side) throw new AppError('NOT_FOUND', 'Request not found');
    const snapshot = request.missionSnapshot as MissionSnapshot;
    const settings: ActivationSettings = {
      minDelayHours: request.airspace.activationMinDelayHours,
      maxDelayHours: request.airspace.activationMaxDelayHours,
      maxDurationHours: request.airspace.activationMaxDurationHours,
    };
    const required = activationsRequired(request.airspace.activationTrigger, request.impactLevel);
    const window = activationWindow(clock.now(), { startAt: new Date(snapshot.startAt), endAt: new Date(snapshot.endAt) }, settings);
    return { request, side, settings, required, window, canFile: required && isAccepted(request.status) && window.open };
  }

  async function findActivation(requestId: string, activationId: string) {
    const activation = await repository.find(requestId, activationId);
    if (!activation) throw new AppError('NOT_FOUND', 'Activation not found');
    return activation;
  }

  function requireSide(side: Side, action: ActivationAction) {
    const actor = action === 'accept' || action === 'reject' || action === 'archive' ? 'manager' : 'operator';
    if (side !== actor) throw new AppError('NOT_ALLOWED', 'Not allowed');
  }

  function checkDates(loaded: Awaited<ReturnType<typeof load>>, slot: { startAt: Date; endAt: Date }) {
    if (!loaded.required || !isAccepted(loaded.request.status))
      throw new AppError('ACTIVATION_NOT_REQUIRED', 'This request takes no activations');
    const error = activationDateError(slot, loaded.window, loaded.settings);
    if (error) {
      throw new AppError(error, 'The activation dates break a rule of the airspace', {
        minDate: loaded.window.minDate.toISOString(),
        maxDate: loaded.window.maxDate.toISOString(),
        maxDurationHours: loaded.settings.maxDurationHours,
      });
    }
  }

  function nextStatus(activation: ActivationRow, action: ActivationAction) {
    const transition = activationTransition(activation.status, action);
    if (!transition.allowed)
      throw new AppError('ACTIVATION_TRANSITION_NOT_ALLOWED', `Cannot ${action} an activation that is ${activation.status}`);
    return transition.next;
  }

  const slotOf = (body: ActivationSlot) => ({ startAt: new Date(body.startAt), endAt: new Date(body.endAt) });

  return {
    async view(user: AuthUser, requestId: string) {
      const loaded = await load(user, requestId);
      const activations = await repository.listOfRequest(requestId);
      return {
        required: loaded.required,
        trigger: loaded.request.airspace.activationTrigger,
        canFile: loaded.canFile,
        viewer: loaded.side,
        window: {
          minDate: loaded.window.minDate.toISOString(),
          maxDate: loaded.window.maxDate.toISOString(),
          open: loaded.window.open,
          opensAt: loaded.window.opensAt?.toISOString() ?? null,
          fileBy: loaded.window.fileBy.toISOString(),
        },
        maxDurationHours: loaded.settings.maxDurationHours,
        autoRejectDelayHours: loaded.request.airspace.activationAutoRejectDelayHours,
        activations: activations.map((activation) => toDto(activation, loaded.side)),
      };
    },

    async create(user: AuthUser, requestId: string, body: ActivationSlot) {
      const loaded = await load(user, requestId);
      requireSide(loaded.side, 'edit');
      const slot = slotOf(body);
      checkDates(loaded, slot);
      return toDto(await repository.create(requestId, slot), loaded.side);
    },

    async edit(user: AuthUser, requestId: string, activationId: string, body: ActivationSlot) {
      const loaded = await load(user, requestId);
      requireSide(loaded.side, 'edit');
      const activation = await findActivation(requestId, activationId);
      const status = nextStatus(activation, 'edit')!;
      const slot = slotOf(body);
      checkDates(loaded, slot);
      const updated = await repository.update(activationId, { ...slot, status, autoRejectAt: null });
      return toDto(updated, loaded.side);
    },

    /** Sends the slot (or its change, or its withdrawal) to the managers; the dates are checked again at this time. */
    async submit(user: AuthUser, requestId: string, activationId: string) {
      const loaded = await load(user, requestId);
      requireSide(loaded.side, 'submit');
      const activation = await findActivation(requestId, activationId);
      const status = nextStatus(activation, 'submit')!;
      if (status === 'submitted') checkDates(loaded, activation);
      const now = clock.now();
      const delay = loaded.request.airspace.activationAutoRejectDelayHours;
      const updated = await repository.update(
        activationId,
        status === 'submitted'
          ? {
              status,
              submittedAt: now,
              autoRejectAt: delay === null ? null : new Date(now.getTime() + delay * HOUR_MS),
              decidedAt: null,
              decidedById: null,
              rejectionReason: null,
            }
          : { status, autoRejectAt: null },
      );
      return toDto(updated, loaded.side);
    },

    async cancel(user: AuthUser, requestId: string, activationId: string) {
      const loaded = await load(user, requestId);
      requireSide(loaded.side, 'cancel');
      const activation = await findActivation(requestId, activationId);
      const status = nextStatus(activation, 'cancel')!;
      return toDto(await repository.update(activationId, { status }), loaded.side);
    },

    async remove(user: AuthUser, requestId: string, activationId: string) {
      const loaded = await load(user, requestId);
      requireSide(loaded.side, 'remove');
      nextStatus(await findActivation(requestId, activationId), 'remove');
      await repository.remove(activationId);
    },

    async decide(user: AuthUser, requestId: string, activationId: string, action: 'accept' | 'reject' | 'archive', reason: string | null) {
      const loaded = await load(user, requestId);
      requireSide(loaded.side, action);
      const activation = await findActivation(requestId, activationId);
      const status = nextStatus(activation, action)!;
      const decision =
        action === 'archive'
          ? {}
          : { decidedAt: clock.now(), decidedById: user.id, autoRejectAt: null, rejectionReason: action === 'reject' ? reason : null };
      return toDto(await repository.update(activationId, { status, ...decision }), loaded.side);
    },

    /** Sweep: rejects every submitted slot whose manager did not answer before its auto-reject time. */
    autoRejectDue(): Promise<number> {
      return repository.rejectDue(clock.now());
    },
  };
}

export type ActivationsService = ReturnType<typeof createActivationsService>;
