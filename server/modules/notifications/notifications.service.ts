import { randomUUID } from 'node:crypto';
import type { MissionNotifications, NotificationCall, NotificationDetail } from '../../../src/shared/contracts/notifications';
import {
  allowedNotificationActions,
  coversFlight,
  isAtAuthority,
  isWindowOpen,
  nextNotificationStatus,
  NOTIFICATION_REQUIREMENT,
  NOTIFICATION_TYPES,
  notificationSchedule,
  notificationWindow,
  type NotificationAction,
  type NotificationType,
} from '../../../src/shared/domain/notification';
import type { AlphaTangoSyncState } from '../../../src/shared/domain/enums';
import type { MissionStatus } from '../../../src/shared/domain/mission-status';
import type { AuthorityCallKind, AuthorityClient } from '../../integrations/authority/authority-client';
import type { Mailer } from '../../integrations/mail/mailer';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-token';
import type { Clock } from '../../lib/clock';
import type { MissionRow } from '../missions/missions.repository';
import type { MissionsService } from '../missions/missions.service';
import { notificationEmail, type NotificationOutcome } from './notifications.emails';
import type { JsonInput, NotificationRow, NotificationsRepository } from './notifications.repository';
import type { EventPublisher } from '../webhooks/webhooks.service';

/** After a failed sending, the dispatch job waits this long (doubling at each failure, at most an hour). */
const RETRY_BASE_MS = 60_000;
const RETRY_MAX_MS = 3_600_000;

/** Mission statuses whose general information is complete and that may still fly. */
const READY_STATUSES = ['complete', 'toBeValidated', 'validated', 'onGoing'] as const satisfies readonly MissionStatus[];

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function requiredTypes(mission: MissionRow): NotificationType[] {
  const requirements = (mission.lastVerdict as { requirements?: string[] } | null)?.requirements ?? [];
  return NOTIFICATION_TYPES.filter((type) => requirements.includes(NOTIFICATION_REQUIREMENT[type]));
}

/**
 * "A notification needs the general information and regulation tabs validated first": the mission is complete (or
 * further) and its verdict was computed on it as saved (saving clears the stored verdict).
 */
function tabsValidated(mission: MissionRow): boolean {
  return (READY_STATUSES as readonly string[]).includes(mission.status) && mission.lastVerdict !== null;
}

/** The flight as sent (or to be sent): the window and the time fields follow it. */
const flightOf = (notification: Pick<NotificationRow, 'payload'>) =>
  (notification.payload as { mission: { startAt: string; endAt: string; mainMachine: { id?: string } | null } }).mission;

function windowOf(notification: Pick<NotificationRow, 'type' | 'payload'>) {
  return notificationWindow(notification.type, new Date(flightOf(notification).startAt));
}

export function toNotificationDetail(row: NotificationRow): NotificationDetail {
  const window = windowOf(row);
  return {
    id: row.id,
    missionId: row.missionId,
    type: row.type,
    status: row.status,
    ...notificationSchedule(row.type, new Date(flightOf(row).startAt), new Date(flightOf(row).endAt)),
    opensAt: iso(window.opensAt),
    closesAt: window.closesAt.toISOString(),
    sentAt: iso(row.sentAt),
    canceledAt: iso(row.canceledAt),
    externalId: row.externalId,
    revision: row.revision,
    attempts: row.attempts,
    lastError: row.lastError,
    calls: row.calls as NotificationCall[],
    allowedActions: allowedNotificationActions(row.status),
    createdAt: row.createdAt.toISOString(),
  };
}

/** Calls to the authority, used by the API and by the dispatch job. */
export interface NotificationSenderDeps {
  repository: NotificationsRepository;
  authority: AuthorityClient;
  mailer: Mailer;
  clock: Clock;
  /** Announces sent and failed notifications to the operator's webhooks. */
  events: EventPublisher;
}

export function createNotificationSender(deps: NotificationSenderDeps) {
  const { repository, authority, mailer, clock, events } = deps;

  async function payloadOf(mission: MissionRow, type: NotificationType) {
    const operator = await repository.operator(mission.userId);
    return {
      type,
      ...(mission.startAt && mission.endAt ? notificationSchedule(type, mission.startAt, mission.endAt) : {}),
      operator,
      mission: {
        id: mission.id,
        title: mission.title,
        startAt: iso(mission.startAt),
        endAt: iso(mission.endAt),
        maxHeightM: mission.maxHeightM,
        maxAltitudeFt: mission.maxAltitudeFt,
        areas: mission.areas,
        referentPilot: mission.referentPilot ? `${mission.referentPilot.firstName} ${mission.referentPilot.lastName}` : null,
        mainMachine: mission.mainMachine
          ? { id: mission.mainMachine.id, name: mission.mainMachine.internalName, serialNumber: mission.mainMachine.serialNumber }
          : null,
      },
    };
  }

  /**
   * The notified machine's Alpha Tango sync state (domain §3) follows the calls that carry it: toSync once a
   * notification names it, synced when the authority took a sending or an update, failed when that call failed.
   */
  async function syncMachine(payload: unknown, state: AlphaTangoSyncState) {
    const machineId = flightOf({ payload: payload as NotificationRow['payload'] }).mainMachine?.id;
    if (machineId) await repository.setMachineSync(machineId, state);
  }

  async function tellUser(notification: NotificationRow, outcome: NotificationOutcome) {
    if (outcome !== 'canceled')
      await events.publish(outcome === 'sent' ? 'notification.sent' : 'notification.failed', () => ({
        audience: [notification.userId],
        data: { notificationId: notification.id, missionId: notification.missionId, type: notification.type, status: notification.status },
      }));
    const user = await repository.recipient(notification.userId);
    const mission = (notification.payload as { mission: { title: string } }).mission;
    if (!user) return;
    await mailer.send({
      to: user.email,
      ...notificationEmail(user.lang, outcome, notification.type, mission.title, notification.lastError ?? ''),
    });
  }

  /** One call to the authority; the status moves only if it is still the one read. Throws when the call fails. */
  async function callAuthority(
    notification: NotificationRow,
    kind: AuthorityCallKind,
    action: NotificationAction,
    payload = notification.payload,
  ) {
    const to = nextNotificationStatus(notification.status, action);
    if (!to) throw new AppError('NOTIFICATION_TRANSITION_NOT_ALLOWED', `A ${notification.status} notification cannot be ${action}`);
    const revision = action === 'update' ? notification.revision + 1 : notification.revision;
    const now = clock.now();
    const calls = notification.calls as NotificationCall[];
    try {
      const { externalId } = await authority.call({
        kind,
        type: notification.type,
        idempotencyKey: `${notification.idempotencyKey}-${kind}-${revision}`,
        payload: { reference: notification.idempotencyKey, externalId: notification.externalId, ...(payload as object) },
      });
      const moved = await repository.updateIfStatus(notification.id, notification.status, {
        status: to,
        revision,
        payload: payload as JsonInput,
        externalId: externalId ?? notification.externalId,
        sentAt: kind === 'cancel' ? notification.sentAt : now,
        canceledAt: to === 'canceled' ? now : null,
        attempts: 0,
        lastError: null,
        calls: [...calls, { at: now.toISOString(), kind, outcome: 'ok' }],
      });
      if (kind !== 'cancel') await syncMachine(payload, 'synced');
      const updated = await repository.find(notification.id);
      if (moved) await tellUser(updated, to === 'canceled' ? 'canceled' : 'sent');
      return updated;
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'EXTERNAL_SERVICE_UNAVAILABLE') throw error;
      const attempts = notification.attempts + 1;
      const failed = await repository.update(notification.id, {
        attempts,
        lastError: error.message,
        sendAfter: kind === 'send' ? new Date(now.getTime() + Math.min(RETRY_BASE_MS * 2 ** (attempts - 1), RETRY_MAX_MS)) : undefined,
        calls: [...calls, { at: now.toISOString(), kind, outcome: 'failed', error: error.message }],
      });
      if (kind !== 'cancel') await syncMachine(payload, 'failed');
      await tellUser(failed, 'failed');
      throw error;
    }
  }

  return {
    payloadOf,
    syncMachine,
    callAuthority,

    /**
     * Before a mission is deleted: its notifications held by an authority are cancelled there. If one cancellation
     * fails the mission stays (spec §8), with its notifications as they were.
     */
    async releaseMission(missionId: string) {
      const rows = await repository.heldByAuthority(missionId);
      for (const row of rows) {
        try {
          await callAuthority(row, 'cancel', 'cancel');
        } catch (error) {
          if (error instanceof AppError && error.code === 'EXTERNAL_SERVICE_UNAVAILABLE')
            throw new AppError('MISSION_NOTIFICATION_CANCEL_FAILED', 'The mission cannot be deleted: cancelling its notification failed');
          throw error;
        }
      }
    },

    /** The dispatch job: sends the scheduled notifications whose window is open, expires those whose window closed. */
    async dispatchDue() {
      const now = clock.now();
      const due = await repository.due(now);
      for (const row of due) {
        const window = windowOf(row);
        if (now >= window.closesAt) {
          const expired = await repository.updateIfStatus(row.id, 'scheduled', {
            status: 'canceled',
            canceledAt: now,
            lastError: 'The sending window closed',
          });
          if (expired) await tellUser({ ...row, status: 'canceled' }, 'expired');
          continue;
        }
        if (!isWindowOpen(window, now)) continue;
        try {
          await callAuthority(row, 'send', 'send');
        } catch (error) {
          if (!(error instanceof AppError) || error.code !== 'EXTERNAL_SERVICE_UNAVAILABLE') throw error;
        }
      }
    },
  };
}

export type NotificationSender = ReturnType<typeof createNotificationSender>;

export interface NotificationsServiceDeps {
  repository: NotificationsRepository;
  missions: Pick<MissionsService, 'findMission'>;
  sender: NotificationSender;
  clock: Clock;
}

export function createNotificationsService(deps: NotificationsServiceDeps) {
  const { repository, missions, sender, clock } = deps;
  const { payloadOf, syncMachine, callAuthority } = sender;

  async function findNotification(actor: AuthUser, missionId: string, notificationId: string, mode: 'read' | 'edit') {
    const mission = await missions.findMission(actor, missionId, mode === 'read' ? 'PREFLIGHT_LIST_ADMIN' : 'PREFLIGHT_EDIT_ADMIN');
    const notification = await repository.findOfMission(mission.id, notificationId);
    if (!notification) throw new AppError('NOT_FOUND', 'Unknown notification');
    return { mission, notification };
  }

  return {
    async list(actor: AuthUser, missionId: string): Promise<MissionNotifications> {
      const mission = await missions.findMission(actor, missionId, 'PREFLIGHT_LIST_ADMIN');
      const rows = await repository.listOfMission(missionId);
      return { required: requiredTypes(mission), tabsValidated: tabsValidated(mission), items: rows.map(toNotificationDetail) };
    },

    /** Creates the notification and, when its window is open, sends it at once; a failed sending is retried by the job. */
    async create(actor: AuthUser, missionId: string, type: NotificationType): Promise<NotificationDetail> {
      const mission = await missions.findMission(actor, missionId, 'PREFLIGHT_EDIT_ADMIN');
      if (!tabsValidated(mission) || !mission.startAt || !mission.endAt)
        throw new AppError('NOTIFICATION_TABS_NOT_VALIDATED', 'Validate the general information and regulation tabs first');
      // The army and the prefecture are French authorities; elsewhere the country's own service takes declarations.
      if (mission.country !== null && mission.country !== 'FR')
        throw new AppError('OWN_DECLARATION_SERVICE', `Flights in ${mission.country} are declared through that country's own service`);
      if (!requiredTypes(mission).includes(type))
        throw new AppError('NOTIFICATION_NOT_REQUIRED', 'The regulation verdict does not call for this notification');
      if (!coversFlight(type, mission.startAt, mission.endAt))
        throw new AppError('NOTIFICATION_TOO_LONG', 'A military notification covers at most 12 hours of flight');
      const window = notificationWindow(type, mission.startAt);
      const now = clock.now();
      if (now >= window.closesAt) throw new AppError('NOTIFICATION_WINDOW_CLOSED', 'The sending window of this notification has closed');
      const existing = await repository.findActive(missionId, type);
      if (existing) throw new AppError('NOTIFICATION_ALREADY_EXISTS', 'This mission already has a notification of this type');
      const created = await repository.create({
        missionId,
        userId: mission.userId,
        type,
        status: 'scheduled',
        payload: (await payloadOf(mission, type)) as JsonInput,
        idempotencyKey: `AGN-${randomUUID()}`,
        sendAfter: window.opensAt ?? now,
      });
      await syncMachine(created.payload, 'toSync');
      if (!isWindowOpen(window, now)) return toNotificationDetail(created);
      try {
        return toNotificationDetail(await callAuthority(created, 'send', 'send'));
      } catch (error) {
        if (error instanceof AppError && error.code === 'EXTERNAL_SERVICE_UNAVAILABLE')
          return toNotificationDetail(await repository.find(created.id));
        throw error;
      }
    },

    async act(
      actor: AuthUser,
      missionId: string,
      notificationId: string,
      action: 'send' | 'update' | 'cancel',
    ): Promise<NotificationDetail> {
      const { mission, notification } = await findNotification(actor, missionId, notificationId, 'edit');
      if (action === 'cancel') {
        if (!isAtAuthority(notification.status)) {
          if (!nextNotificationStatus(notification.status, 'cancel'))
            throw new AppError('NOTIFICATION_TRANSITION_NOT_ALLOWED', `A ${notification.status} notification cannot be cancelled`);
          const canceled = await repository.update(notification.id, { status: 'canceled', canceledAt: clock.now() });
          return toNotificationDetail(canceled);
        }
        return toNotificationDetail(await callAuthority(notification, 'cancel', 'cancel'));
      }
      if (!isWindowOpen(windowOf(notification), clock.now()))
        throw new AppError('NOTIFICATION_WINDOW_CLOSED', 'The sending window of this notification is not open');
      if (action === 'send') return toNotificationDetail(await callAuthority(notification, 'send', 'send'));
      return toNotificationDetail(await callAuthority(notification, 'update', 'update', await payloadOf(mission, notification.type)));
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
