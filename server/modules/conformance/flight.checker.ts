import { randomUUID } from 'node:crypto';
import type { ConformanceRule, FlightConformance } from '../../../src/shared/contracts/conformance';
import type { LiveViolation } from '../../../src/shared/contracts/traffic';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import type { TableChanges } from '../../lib/table-changes';
import type { IngestedPosition, ViolationPublisher } from '../traffic/positions';
import type { EpisodeRow } from './conformance.repository';
import { DRONE_TYPES, type MissionEnvelope } from './conformance.rules';
import { flightViolationMessage } from './conformance.messages';
import type { ViolationNotifier } from './conformance.notifier';
import type { EpisodeWriter } from './episode-writer';
import { endAll, observe, silence, type EpisodeEvent, type EpisodeState } from './episodes';
import { assess, type Assessment, type WarningMargins } from './flight.rules';
import { conformanceNews, movedByAStep } from './live-news';
import type { EventPublisher } from '../webhooks/webhooks.service';

export interface FlightConformanceDependencies {
  /** The flying missions as they are now (flight.loader.ts), and the episodes a previous run left open. */
  missions: () => Promise<ReadonlyMap<string, MissionEnvelope>>;
  openEpisodes: () => Promise<EpisodeRow[]>;
  write: EpisodeWriter;
  notifier: ViolationNotifier;
  /** Episodes to the live stream's `violation` event; states to its `conformance` event. */
  publishViolation: ViolationPublisher;
  publishConformance: (conformance: FlightConformance) => void;
  clock: Clock;
  /** A change of the missions (a landing among them) sweeps at once. */
  changes: Pick<TableChanges, 'subscribe'>;
  logger: Logger;
  silenceMs: number;
  margins: WarningMargins;
  /** Announces started and ended episodes to webhooks (docs/operations.md "Webhooks and API credentials"). */
  events: EventPublisher;
  /** Told how many episodes each batch opened (metrics). */
  opened: (count: number) => void;
}

/** A step's output: rows to write, new episodes to notify, started and ended ones to announce. */
interface StepOut {
  rows: Map<string, { row: EpisodeRow; created: boolean }>;
  opened: { traffic: Traffic; episode: EpisodeState<ConformanceRule> }[];
  announced: { traffic: Traffic; episode: EpisodeState<ConformanceRule> }[];
}

const stepOut = (): StepOut => ({ rows: new Map(), opened: [], announced: [] });

/** What is remembered of one traffic while it is not silent. */
interface Traffic {
  ident: string;
  source: IngestedPosition['source'];
  missionId: string | null;
  userId: string | null;
  lastSeen: Date;
  open: ReadonlyMap<ConformanceRule, EpisodeState<ConformanceRule>>;
  latest: FlightConformance | null;
  /** The state last published to the live streams: the next is published when it is news (live-news.ts). */
  told: FlightConformance | null;
  /** The worst value last published of each open episode, by id. */
  toldWorst: Map<string, number | null>;
}

const keyOf = (position: { source: string; ident: string }) => `${position.source}|${position.ident}`;

const NONE: ReadonlyMap<ConformanceRule, number | null> = new Map();

/** The state as the pilot's screens and the live stream carry it. */
function toConformance(position: IngestedPosition, assessment: Assessment | null): FlightConformance {
  return {
    missionId: position.missionId,
    userId: position.userId,
    ident: position.ident,
    source: position.source,
    time: position.time.toISOString(),
    lat: position.lat,
    lon: position.lon,
    state: assessment?.state ?? 'unidentified',
    violations: assessment ? [...assessment.violations.keys()] : [],
    warnings: assessment ? [...assessment.warnings] : [],
    edgeDistanceM: assessment?.edgeDistanceM ?? null,
    toleranceM: assessment?.toleranceM ?? 0,
    heightM: position.heightM,
    maxHeightM: assessment?.maxHeightM ?? null,
    slotEndsAt: assessment?.slotEndsAt?.toISOString() ?? null,
  };
}

/**
 * The flight conformance check (docs/alerts.md "Flight conformance"): every position of a flying mission is assessed
 * against what the mission was granted (flight.rules.ts), the episodes of each traffic move through the state machine
 * (episodes.ts), their rows go to the write-behind writer, new episodes to the notifier. Always on, no alert needed.
 */
export function createFlightConformance(deps: FlightConformanceDependencies) {
  const traffics = new Map<string, Traffic>();
  let resumed: Promise<void> | null = null;

  /** Episodes left open by a previous run go on: the traffic's next position continues or ends them. */
  function resume() {
    resumed ??= deps.openEpisodes().then((rows) => {
      for (const row of rows) {
        const traffic = trafficOf(row, row.missionId, row.userId, row.lastAt);
        const episode: EpisodeState<ConformanceRule> = { ...row, rule: row.rule! };
        traffic.open = new Map([...traffic.open, [episode.rule, episode]]);
      }
    });
    return resumed.catch((error: unknown) => {
      resumed = null;
      throw error;
    });
  }

  function trafficOf(
    position: { source: IngestedPosition['source']; ident: string },
    missionId: string | null,
    userId: string | null,
    at: Date,
  ) {
    const key = keyOf(position);
    let traffic = traffics.get(key);
    if (!traffic) {
      traffic = {
        ident: position.ident,
        source: position.source,
        missionId,
        userId,
        lastSeen: at,
        open: new Map(),
        latest: null,
        told: null,
        toldWorst: new Map(),
      };
      traffics.set(key, traffic);
    }
    return traffic;
  }

  const live = (
    traffic: Traffic,
    episode: EpisodeState<ConformanceRule>,
    missions: ReadonlyMap<string, MissionEnvelope>,
  ): LiveViolation => ({
    id: episode.id,
    alertId: null,
    alertName: missions.get(traffic.missionId ?? '')?.title ?? '',
    alertType: 'flightConformance',
    rule: episode.rule,
    ident: traffic.ident,
    source: traffic.source,
    missionId: traffic.missionId,
    startedAt: episode.startedAt.toISOString(),
    endedAt: episode.endedAt?.toISOString() ?? null,
    lat: episode.latitude,
    lon: episode.longitude,
    worstValue: episode.worstValue,
  });

  const row = (traffic: Traffic, episode: EpisodeState<ConformanceRule>): EpisodeRow => ({
    ...episode,
    alertId: null,
    ident: traffic.ident,
    source: traffic.source,
    missionId: traffic.missionId,
    userId: traffic.userId,
  });

  /**
   * Whether an episode's event goes to the live streams: its start and end, and a worse value once it moved by a step
   * from the one published (not each deeper position).
   */
  function tells(traffic: Traffic, kind: EpisodeEvent<ConformanceRule>['kind'], episode: EpisodeState<ConformanceRule>) {
    if (kind === 'ended') {
      traffic.toldWorst.delete(episode.id);
      return true;
    }
    const told = traffic.toldWorst.get(episode.id);
    if (kind !== 'opened' && (kind === 'continued' || (told !== undefined && !movedByAStep(told, episode.worstValue)))) return false;
    traffic.toldWorst.set(episode.id, episode.worstValue);
    return true;
  }

  /** Applies a step's events: rows to write, episodes to publish, new ones to notify. */
  function apply(
    traffic: Traffic,
    events: readonly EpisodeEvent<ConformanceRule>[],
    missions: ReadonlyMap<string, MissionEnvelope>,
    out: StepOut,
  ) {
    for (const { kind, episode } of events) {
      const created = kind === 'opened' || out.rows.get(episode.id)?.created === true;
      out.rows.set(episode.id, { row: row(traffic, episode), created });
      if (kind === 'opened') out.opened.push({ traffic, episode });
      if (kind === 'opened' || kind === 'ended') out.announced.push({ traffic, episode });
      if (tells(traffic, kind, episode)) deps.publishViolation(live(traffic, episode, missions));
    }
  }

  function notify(traffic: Traffic, episode: EpisodeState<ConformanceRule>, mission: MissionEnvelope | undefined) {
    const recipientIds = new Set([traffic.userId, mission?.userId, ...(mission?.pilotUserIds ?? [])].filter((id): id is string => !!id));
    return deps.notifier.notify({
      episodeId: episode.id,
      recipientIds: [...recipientIds],
      channels: { email: true, sms: false, push: true },
      message: (lang, link) =>
        flightViolationMessage(
          {
            rule: episode.rule,
            missionTitle: mission?.title ?? '',
            ident: traffic.ident,
            startedAt: episode.startedAt,
            lat: episode.latitude,
            lon: episode.longitude,
            heightM: episode.heightM,
            worstValue: episode.worstValue,
          },
          lang,
          link,
        ),
    });
  }

  async function check(positions: readonly IngestedPosition[]) {
    const [missions] = await Promise.all([deps.missions(), resume()]);
    const out = stepOut();
    const changed = new Set<Traffic>();
    for (const position of positions) {
      const mission = position.missionId ? missions.get(position.missionId) : undefined;
      if (!mission && !DRONE_TYPES.has(position.type) && !traffics.has(keyOf(position))) continue;
      const traffic = trafficOf(position, position.missionId, position.userId, position.time);
      const assessment = mission ? assess(mission, position, deps.margins) : null;
      const step = observe(
        traffic.open,
        { time: position.time, lat: position.lat, lon: position.lon, heightM: position.heightM, breaches: assessment?.violations ?? NONE },
        randomUUID,
      );
      Object.assign(traffic, {
        missionId: position.missionId ?? traffic.missionId,
        userId: position.userId ?? traffic.userId,
        lastSeen: position.time,
        open: step.open,
      });
      apply(traffic, step.events, missions, out);
      traffic.latest = mission || DRONE_TYPES.has(position.type) ? toConformance(position, assessment) : null;
      changed.add(traffic);
    }
    for (const traffic of changed) {
      if (!traffic.latest || !conformanceNews(traffic.told, traffic.latest)) continue;
      deps.publishConformance(traffic.latest);
      traffic.told = traffic.latest;
    }
    endQuiet(missions, out);
    if (out.rows.size > 0) await deps.write(out.rows.values());
    if (out.opened.length > 0) deps.opened(out.opened.length);
    await announce(out, missions);
    for (const { traffic, episode } of out.opened) {
      try {
        await notify(traffic, episode, missions.get(traffic.missionId ?? ''));
      } catch (error) {
        deps.logger.error({ err: error, violationId: episode.id }, 'flight violation notification failed');
      }
    }
  }

  /** Started and ended episodes, to the webhooks of the pilot, the mission's operator and pilots, and its managers. */
  async function announce(out: StepOut, missions: ReadonlyMap<string, MissionEnvelope>) {
    for (const { traffic, episode } of out.announced) {
      const mission = missions.get(traffic.missionId ?? '');
      const announcement = {
        audience: [
          traffic.userId,
          mission?.userId,
          ...(mission?.pilotUserIds ?? []),
          ...(mission?.managers ?? []).map(({ id }) => id),
        ].filter((id): id is string => !!id),
        data: live(traffic, episode, missions),
      };
      await deps.events.publish(episode.endedAt === null ? 'violation.started' : 'violation.ended', () => announcement);
    }
  }

  /**
   * Ends the open episodes of a silent traffic, then forgets it, and those of a traffic whose mission no longer flies
   * (landed, or its flight stopped): a landed flight's episodes do not stay open until its silence.
   */
  function endQuiet(missions: ReadonlyMap<string, MissionEnvelope>, out: StepOut) {
    const now = deps.clock.now();
    for (const [key, traffic] of traffics) {
      const silent = silence(traffic.open, traffic.lastSeen, now, deps.silenceMs);
      if (silent) {
        apply(traffic, silent.events, missions, out);
        traffics.delete(key);
      } else if (traffic.open.size > 0 && traffic.missionId !== null && !missions.has(traffic.missionId)) {
        const landed = endAll(traffic.open);
        apply(traffic, landed.events, missions, out);
        traffic.open = landed.open;
      }
    }
  }

  function sweepNow() {
    sweep().catch((error: unknown) => deps.logger.error({ err: error }, 'flight conformance sweep failed'));
  }

  async function sweep() {
    const [missions] = await Promise.all([deps.missions(), resume()]);
    const out = stepOut();
    endQuiet(missions, out);
    if (out.rows.size > 0) await deps.write(out.rows.values());
    await announce(out, missions);
  }

  return {
    /** The PositionListener to hand to the ingest pipeline. */
    check,
    sweep,
    /** The latest state of a traffic (the answer to the pilot's own position post); null when it is not checked. */
    current(source: string, ident: string): FlightConformance | null {
      return traffics.get(keyOf({ source, ident }))?.latest ?? null;
    },
    /** Starts the silence timer and the sweep at each change of the missions; returns their stop. */
    start(intervalMs = Math.max(1_000, Math.floor(deps.silenceMs / 4))) {
      const timer = setInterval(sweepNow, intervalMs);
      timer.unref();
      // Only while an episode is open. Changes come in bursts (a landing writes the mission and its history): one sweep
      // for those of the same turn.
      let queued = false;
      const unsubscribe = deps.changes.subscribe((table) => {
        if (table !== 'Mission' || queued || ![...traffics.values()].some((traffic) => traffic.open.size > 0)) return;
        queued = true;
        setImmediate(() => {
          queued = false;
          sweepNow();
        });
      });
      return () => {
        clearInterval(timer);
        unsubscribe();
      };
    },
  };
}
