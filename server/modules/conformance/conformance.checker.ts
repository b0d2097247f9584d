import { randomUUID } from 'node:crypto';
import Flatbush from 'flatbush';
import type { LiveViolation } from '../../../src/shared/contracts/traffic';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import type { TableChanges } from '../../lib/table-changes';
import type { IngestedPosition, ViolationPublisher } from '../traffic/positions';
import type { Language } from '../../../src/shared/domain/enums';
import { violationMessage, type ViolationNotice } from './conformance.messages';
import { createViolationNotifier, type NotifierDependencies } from './conformance.notifier';
import { createEpisodeWriter } from './episode-writer';
import { movedByAStep } from './live-news';
import { CONFORMANCE_TABLES, type ConformanceRepository, type EpisodeRow } from './conformance.repository';
import {
  DETECTION_SOURCES,
  DRONE_TYPES,
  boxesOverlap,
  horizontalDistanceM,
  inside,
  isMissingIdent,
  missionBreach,
  outsideBandM,
  signedDistanceM,
  withinBand,
  type CheckedAlert,
  type MissionEnvelope,
} from './conformance.rules';
import type { EventPublisher } from '../webhooks/webhooks.service';

export interface ConformanceDependencies extends NotifierDependencies {
  repository: ConformanceRepository;
  /** Database change notifications: a change to an alert, tracker, mission or request reloads what is checked. */
  changes: TableChanges;
  clock: Clock;
  publish: ViolationPublisher;
  logger: Logger;
  /** An episode ends when its traffic has been silent this long. */
  silenceMs: number;
  /** Announces started and ended episodes to webhooks (docs/operations.md "Webhooks and API credentials"). */
  events: EventPublisher;
  /** Told how many episodes each batch opened (metrics). */
  opened?: (count: number) => void;
}

/** When no connection listens for changes (database restarting), what is checked is reloaded this often. */
const UNHEARD_RELOAD_MS = 5_000;
/** Cell of the proximity grid, in degrees (about 1.1 km of latitude). */
const CELL_DEG = 0.01;
const METRES_PER_DEG = 111_320;

interface Snapshot {
  alerts: CheckedAlert[];
  /** The alerts found by where the position is: every type but stayInside and missionCompliance. */
  located: CheckedAlert[];
  index: Flatbush | null;
  stayInside: CheckedAlert[];
  missionCompliance: CheckedAlert[];
  trackers: Map<string, string | null>;
  missions: Map<string, MissionEnvelope>;
}

interface Episode extends EpisodeRow {
  alertId: string;
  alert: CheckedAlert;
}

/** What the checker remembers of one ident of one source while it is not silent. */
interface IdentState {
  key: string;
  ident: string;
  source: IngestedPosition['source'];
  lat: number;
  lon: number;
  heightM: number | null;
  time: Date;
  cell: string;
  /** stayInside alerts this traffic has been inside of: leaving them is a breach. */
  entered: Set<string>;
  open: Map<string, Episode>;
}

const identKey = (position: { source: string; ident: string }) => `${position.source}|${position.ident}`;
const cellOf = (lon: number, lat: number) => `${Math.floor(lon / CELL_DEG)}:${Math.floor(lat / CELL_DEG)}`;

/** Keeps the worse of two values: the smaller separation for proximities, the larger excess otherwise. */
function worse(alert: CheckedAlert, current: number | null, next: number | null): number | null {
  if (next === null) return current;
  if (current === null) return next;
  return alert.type === 'proximities' ? Math.min(current, next) : Math.max(current, next);
}

/**
 * The conformance engine (docs/alerts.md): a PositionListener that checks every stored position against the
 * alerts it concerns, found through a packed R-tree of the alerts' boxes, and keeps one Violation row per
 * episode. It holds per-ident state (open episodes, stayInside entries, last position for proximities) and is
 * the one writer of violations of its process.
 */
export function createConformanceChecker(deps: ConformanceDependencies) {
  let snapshot: Snapshot | null = null;
  let loading: Promise<Snapshot> | null = null;
  let stale = true;
  let loadedAt = 0;
  const idents = new Map<string, IdentState>();
  const grid = new Map<string, Set<IdentState>>();
  const writeRows = createEpisodeWriter((creates, updates) => deps.repository.writeEpisodes(creates, updates));
  /** The worst value last published of each episode: a worse one is published once it moved by a step (live-news.ts). */
  const toldWorst = new WeakMap<Episode, number | null>();

  deps.changes.subscribe((table) => {
    if (table === null || CONFORMANCE_TABLES.has(table)) stale = true;
  });

  /**
   * What positions are checked against: the snapshot when it is current, else a reload shared by every caller.
   * Callers that wait for a reload go on in the order they called, so batches are still checked in the order received.
   */
  function ready(): Snapshot | Promise<Snapshot> {
    if (loading) return loading;
    const unheard = !deps.changes.listening() && deps.clock.now().getTime() - loadedAt > UNHEARD_RELOAD_MS;
    if (snapshot && !stale && !unheard) return snapshot;
    loading = reload().finally(() => {
      loading = null;
    });
    return loading;
  }

  async function reload(): Promise<Snapshot> {
    stale = false;
    const first = snapshot === null;
    const [alerts, trackers, missions, openRows] = await Promise.all([
      deps.repository.alerts(),
      deps.repository.trackers(),
      deps.repository.flyingMissions(),
      first ? deps.repository.openEpisodes() : Promise.resolve([]),
    ]).catch((error: unknown) => {
      stale = true;
      throw error;
    });
    const located = alerts.filter((alert) => alert.type !== 'stayInside' && alert.type !== 'missionCompliance');
    let index: Flatbush | null = null;
    if (located.length > 0) {
      index = new Flatbush(located.length);
      for (const alert of located) index.add(...alert.bbox);
      index.finish();
    }
    const byId = new Map(alerts.map((alert) => [alert.id, alert]));
    for (const state of idents.values()) {
      for (const [alertId, episode] of state.open) {
        const alert = byId.get(alertId);
        if (alert) episode.alert = alert;
        else state.open.delete(alertId);
      }
      for (const alertId of state.entered) if (!byId.has(alertId)) state.entered.delete(alertId);
    }
    // Episodes left open by a previous run go on: the traffic's next position continues or ends them.
    for (const row of openRows) {
      const alert = row.alertId ? byId.get(row.alertId) : undefined;
      if (!alert) continue;
      const state = stateOf({
        ident: row.ident,
        source: row.source,
        lat: row.latitude,
        lon: row.longitude,
        heightM: row.heightM,
        time: row.lastAt,
      });
      state.open.set(alert.id, { ...row, alertId: alert.id, alert });
    }
    snapshot = {
      alerts,
      located,
      index,
      stayInside: alerts.filter((alert) => alert.type === 'stayInside'),
      missionCompliance: alerts.filter((alert) => alert.type === 'missionCompliance'),
      trackers,
      missions,
    };
    loadedAt = deps.clock.now().getTime();
    return snapshot;
  }

  function stateOf(position: Pick<IngestedPosition, 'ident' | 'source' | 'lat' | 'lon' | 'heightM' | 'time'>): IdentState {
    const key = identKey(position);
    let state = idents.get(key);
    if (!state) {
      state = {
        key,
        ident: position.ident,
        source: position.source,
        lat: 0,
        lon: 0,
        heightM: null,
        time: position.time,
        cell: '',
        entered: new Set(),
        open: new Map(),
      };
      idents.set(key, state);
    }
    move(state, position);
    return state;
  }

  function move(state: IdentState, position: Pick<IngestedPosition, 'lat' | 'lon' | 'heightM' | 'time'>) {
    const cell = cellOf(position.lon, position.lat);
    if (cell !== state.cell) {
      grid.get(state.cell)?.delete(state);
      let members = grid.get(cell);
      if (!members) grid.set(cell, (members = new Set()));
      members.add(state);
      state.cell = cell;
    }
    state.lat = position.lat;
    state.lon = position.lon;
    state.heightM = position.heightM;
    state.time = position.time;
  }

  function forget(state: IdentState) {
    grid.get(state.cell)?.delete(state);
    idents.delete(state.key);
  }

  /** The closest target of the alert's target sources within both thresholds, as its horizontal distance. */
  function closestTarget(alert: CheckedAlert, self: IdentState, position: IngestedPosition): number | null {
    const horizontal = alert.proximityHorizontalM ?? 0;
    const vertical = alert.proximityVerticalM ?? 0;
    const dLat = horizontal / METRES_PER_DEG;
    const dLon = horizontal / (METRES_PER_DEG * Math.max(0.01, Math.cos((position.lat * Math.PI) / 180)));
    const recent = position.time.getTime() - deps.silenceMs;
    let closest: number | null = null;
    for (let x = Math.floor((position.lon - dLon) / CELL_DEG); x <= Math.floor((position.lon + dLon) / CELL_DEG); x++) {
      for (let y = Math.floor((position.lat - dLat) / CELL_DEG); y <= Math.floor((position.lat + dLat) / CELL_DEG); y++) {
        for (const other of grid.get(`${x}:${y}`) ?? []) {
          if (other === self || !alert.proximityTargetSources.has(other.source) || other.time.getTime() < recent) continue;
          // An unknown height cannot clear the pair vertically.
          if (position.heightM !== null && other.heightM !== null && Math.abs(position.heightM - other.heightM) >= vertical) continue;
          const metres = horizontalDistanceM(position, other);
          if (metres < horizontal && (closest === null || metres < closest)) closest = metres;
        }
      }
    }
    return closest;
  }

  /** The alerts this position breaks, with the worst value of each. */
  function breaches(snap: Snapshot, position: IngestedPosition, state: IdentState): Map<CheckedAlert, number | null> {
    const found = new Map<CheckedAlert, number | null>();
    const { lon, lat, heightM } = position;
    const mission = position.missionId ? snap.missions.get(position.missionId) : undefined;
    const owner = position.userId ?? snap.trackers.get(position.ident) ?? null;
    const counts = (alert: CheckedAlert) =>
      !alert.showForUsersOnly ||
      (owner !== null && alert.linkedUserIds.has(owner)) ||
      (!!mission && alert.linkedUserIds.has(mission.userId));
    const registered = snap.trackers.has(position.ident);
    const drone = DRONE_TYPES.has(position.type);

    for (const index of snap.index?.search(lon, lat, lon, lat) ?? []) {
      const alert = snap.located[index]!;
      if (!counts(alert) || !inside(alert.geometry, alert.bbox, lon, lat)) continue;
      if (alert.type === 'height') {
        if (alert.upperLimitM !== null && heightM !== null && heightM > alert.upperLimitM) found.set(alert, heightM - alert.upperLimitM);
        continue;
      }
      if (!withinBand(alert, heightM)) continue;
      switch (alert.type) {
        case 'doNotEnter':
          found.set(alert, Math.max(0, -signedDistanceM(alert.geometry, lon, lat)));
          break;
        case 'noMission':
          if ((drone || registered) && position.missionId === null) found.set(alert, null);
          break;
        case 'identifiers':
          if (drone && !registered) found.set(alert, null);
          break;
        case 'missingIdentifiers':
          if ((drone || DETECTION_SOURCES.has(position.source)) && isMissingIdent(position.ident)) found.set(alert, null);
          break;
        case 'nonCollaborative':
          if (DETECTION_SOURCES.has(position.source) && !registered) found.set(alert, null);
          break;
        case 'proximities':
          if (alert.proximitySources.has(position.source)) {
            const closest = closestTarget(alert, state, position);
            if (closest !== null) found.set(alert, closest);
          }
          break;
      }
    }

    for (const alert of snap.stayInside) {
      if (!counts(alert)) continue;
      const within = inside(alert.geometry, alert.bbox, lon, lat) && withinBand(alert, heightM);
      if (within) state.entered.add(alert.id);
      const concerned = state.entered.has(alert.id) || (owner !== null && alert.linkedUserIds.has(owner));
      if (concerned && !within) found.set(alert, Math.max(0, signedDistanceM(alert.geometry, lon, lat), outsideBandM(alert, heightM)));
    }

    if (mission) {
      for (const alert of snap.missionCompliance) {
        if (!counts(alert)) continue;
        const near = inside(alert.geometry, alert.bbox, lon, lat) || (!!mission.areaBox && boxesOverlap(mission.areaBox, alert.bbox));
        if (!near) continue;
        const breach = missionBreach(mission, position);
        if (breach !== null) found.set(alert, breach);
      }
    }
    return found;
  }

  const live = (episode: Episode): LiveViolation => ({
    id: episode.id,
    alertId: episode.alert.id,
    alertName: episode.alert.name,
    alertType: episode.alert.type,
    ident: episode.ident,
    source: episode.source,
    missionId: episode.missionId,
    startedAt: episode.startedAt.toISOString(),
    endedAt: episode.endedAt?.toISOString() ?? null,
    lat: episode.latitude,
    lon: episode.longitude,
    worstValue: episode.worstValue,
  });

  function announce(episode: Episode) {
    if (!episode.alert.isDisplayed) return;
    toldWorst.set(episode, episode.worstValue);
    deps.publish(live(episode));
  }

  /** A worse value is news once it moved by a step from the one published, not at each deeper position. */
  function announceWorse(episode: Episode) {
    const told = toldWorst.get(episode);
    if (told === undefined || movedByAStep(told, episode.worstValue)) announce(episode);
  }

  const row = ({ alert: _alert, ...fields }: Episode): EpisodeRow => fields;
  const notifier = createViolationNotifier(deps);

  /** Who hears of an episode by the alert's channels (docs/alerts.md): the alert's linked users, the traffic's owner, the mission's operator. */
  function audience(episode: Episode, mission: MissionEnvelope | undefined): string[] {
    const ids = new Set(episode.alert.linkedUserIds);
    if (episode.userId) ids.add(episode.userId);
    if (mission) ids.add(mission.userId);
    return [...ids];
  }

  /**
   * The managers of the flight's airspaces hear by the channels their airspace sets (e-mail, SMS), once each; the
   * alert's audience by the alert's channels, managers excepted.
   */
  async function notify(episode: Episode, mission: MissionEnvelope | undefined) {
    const { alert } = episode;
    const notice: ViolationNotice = {
      alertName: alert.name,
      alertType: alert.type,
      ident: episode.ident,
      startedAt: episode.startedAt,
      lat: episode.latitude,
      lon: episode.longitude,
      heightM: episode.heightM,
    };
    const message = (lang: Language, link: string) => violationMessage(notice, lang, link);
    const channels = new Map<string, Set<string>>();
    for (const manager of mission?.managers ?? []) {
      const own = channels.get(manager.id) ?? new Set<string>();
      for (const channel of manager.channels) own.add(channel);
      channels.set(manager.id, own);
    }
    for (const [managerId, wanted] of channels) {
      await notifier.notify({
        episodeId: episode.id,
        recipientIds: [managerId],
        channels: { email: wanted.has('email'), sms: wanted.has('sms'), push: false },
        message,
      });
    }
    await notifier.notify({
      episodeId: episode.id,
      recipientIds: audience(episode, mission).filter((id) => !channels.has(id)),
      channels: { email: alert.notifyEmail, sms: alert.notifySms, push: alert.notifyPush },
      message,
    });
  }

  /** Started and ended episodes, to the webhooks of those who hear of them: the alert's audience and the managers. */
  async function announceToWebhooks(snap: Snapshot, created: ReadonlyMap<Episode, unknown>, dirty: ReadonlySet<Episode>) {
    for (const episode of dirty) {
      const started = created.has(episode);
      if (!started && episode.endedAt === null) continue;
      const mission = episode.missionId ? snap.missions.get(episode.missionId) : undefined;
      const announcement = {
        audience: [...audience(episode, mission), ...(mission?.managers ?? []).map((manager) => manager.id)],
        data: live(episode),
      };
      if (started) await deps.events.publish('violation.started', () => announcement);
      if (episode.endedAt !== null) await deps.events.publish('violation.ended', () => announcement);
    }
  }

  /** Ends the episodes of idents silent for longer than the configured time; returns the ended ones. */
  function endSilent(now: Date, dirty: Set<Episode>) {
    const limit = now.getTime() - deps.silenceMs;
    for (const state of idents.values()) {
      if (state.time.getTime() >= limit) continue;
      for (const episode of state.open.values()) {
        episode.endedAt = episode.lastAt;
        dirty.add(episode);
      }
      forget(state);
    }
  }

  /**
   * Checks one batch against the snapshot, all in memory and without waiting, so that batches are checked one after
   * the other without any of them waiting for another's database writes. Answers the episodes it opened (to notify)
   * and the ones it changed.
   */
  function checkBatch(snap: Snapshot, positions: readonly IngestedPosition[]) {
    const created = new Map<Episode, MissionEnvelope | undefined>();
    const dirty = new Set<Episode>();
    for (const position of positions) {
      const state = stateOf(position);
      const found = breaches(snap, position, state);
      for (const [alert, value] of found) {
        const open = state.open.get(alert.id);
        if (open) {
          const worst = worse(alert, open.worstValue, value);
          const worsened = worst !== open.worstValue;
          Object.assign(open, {
            lastAt: position.time,
            latitude: position.lat,
            longitude: position.lon,
            heightM: position.heightM,
            worstValue: worst,
            positionCount: open.positionCount + 1,
            missionId: open.missionId ?? position.missionId,
            userId: open.userId ?? position.userId,
          });
          dirty.add(open);
          if (worsened) announceWorse(open);
          continue;
        }
        const episode: Episode = {
          id: randomUUID(),
          alertId: alert.id,
          rule: null,
          alert,
          ident: position.ident,
          source: position.source,
          missionId: position.missionId,
          userId: position.userId ?? snap.trackers.get(position.ident) ?? null,
          startedAt: position.time,
          endedAt: null,
          lastAt: position.time,
          latitude: position.lat,
          longitude: position.lon,
          heightM: position.heightM,
          worstValue: value,
          positionCount: 1,
        };
        state.open.set(alert.id, episode);
        created.set(episode, position.missionId ? snap.missions.get(position.missionId) : undefined);
        dirty.add(episode);
        announce(episode);
      }
      for (const [alertId, episode] of state.open) {
        if (found.has(episode.alert)) continue;
        // Compliant again: the episode ends at this position.
        episode.endedAt = position.time;
        state.open.delete(alertId);
        dirty.add(episode);
        announce(episode);
      }
    }
    const silent = new Set<Episode>();
    endSilent(deps.clock.now(), silent);
    for (const episode of silent) {
      dirty.add(episode);
      announce(episode);
    }
    return { created, dirty };
  }

  /** Queues the rows of these episodes as they are now; resolves once they are written (episode-writer.ts). */
  const write = (created: ReadonlyMap<Episode, unknown>, dirty: ReadonlySet<Episode>) =>
    writeRows([...dirty].map((episode) => ({ row: row(episode), created: created.has(episode) })));

  async function check(positions: readonly IngestedPosition[]) {
    const snap = await ready();
    const { created, dirty } = checkBatch(snap, positions);
    if (created.size > 0) deps.opened?.(created.size);
    if (dirty.size > 0) await write(created, dirty);
    await announceToWebhooks(snap, created, dirty);
    for (const [episode, mission] of created) {
      try {
        await notify(episode, mission);
      } catch (error) {
        deps.logger.error({ err: error, violationId: episode.id }, 'violation notification failed');
      }
    }
  }

  async function sweep() {
    await ready();
    const dirty = new Set<Episode>();
    endSilent(deps.clock.now(), dirty);
    for (const episode of dirty) announce(episode);
    if (dirty.size > 0) await write(new Map(), dirty);
  }

  return {
    /** The PositionListener to hand to the ingest pipeline. */
    check,
    /** Ends the episodes of silent traffic; run on a timer (start) so an episode ends even if nothing else is posted. */
    sweep,
    /** The open episodes of displayed alerts, for the live map's snapshot. */
    async listOpenViolations(): Promise<LiveViolation[]> {
      await ready();
      const open: LiveViolation[] = [];
      for (const state of idents.values())
        for (const episode of state.open.values()) if (episode.alert.isDisplayed) open.push(live(episode));
      return open;
    },
    /** Starts the silence timer; returns its stop. */
    start(intervalMs = Math.max(1_000, Math.floor(deps.silenceMs / 4))) {
      const timer = setInterval(() => {
        sweep().catch((error: unknown) => deps.logger.error({ err: error }, 'violation sweep failed'));
      }, intervalMs);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}

export type ConformanceChecker = ReturnType<typeof createConformanceChecker>;
