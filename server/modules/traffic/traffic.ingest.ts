import {
  TRAFFIC_TIME_FUTURE_TOLERANCE_MS,
  trafficBatchSchema,
  trafficPostSchema,
  type TrafficIngestResult,
  type TrafficPost,
} from '../../../src/shared/contracts/traffic';
import type { FlightConformance } from '../../../src/shared/contracts/conformance';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import { createReadCache } from '../../lib/read-cache';
import type { TableChanges } from '../../lib/table-changes';
import { fieldErrors } from '../../lib/api-router';
import { ownIdent, type IngestedPosition, type PositionListener } from './positions';
import { trackKey, type Flight, type TrackRow, type TrafficRepository } from './traffic.repository';

/** Who sends positions: a signed-in user (own position, own trackers) or an account's API key (trackers, stations). */
export type TrafficSender = { kind: 'session'; userId: string } | { kind: 'apiKey'; userId: string };

export interface TrafficIngestDeps {
  repository: TrafficRepository;
  /** Database change notifications: API keys, trackers and flights are kept in memory until their table changes. */
  changes: TableChanges;
  clock: Clock;
  logger: Logger;
  /** Called with every stored batch, all at once: the live map's bus, the conformance checks. */
  listeners: readonly PositionListener[];
  /** The flight conformance of a traffic after its last position, answered to a signed-in user's own post. */
  conformanceOf?: (source: string, ident: string) => FlightConformance | null;
}

type Rejection = TrafficIngestResult['rejected'][number];

const rejection = (index: number, code: string, message: string): Rejection => ({ index, code, message });

/** The user's own position from the browser (spec shell §3): type user, source mobile. */
const isOwnPosition = (post: TrafficPost) => post.type === 'user' && post.source === 'mo';

/** How far back before its read a sender's kept flights go: a batch with an older position reads the database itself. */
const FLIGHTS_KEPT_BACK_MS = 15 * 60_000;

/** A sender's flights open or landed since `since` (epoch ms), latest take-off first. */
interface KeptFlights {
  since: number;
  flights: readonly Flight[];
}

export function createTrafficIngest(deps: TrafficIngestDeps) {
  const { repository, clock, logger, listeners } = deps;
  // Each batch would otherwise read its sender and its sender's trackers again (docs/performance.md).
  const senders = createReadCache<{ id: string } | null>(deps.changes, { tables: ['User', 'UserApiKey'], maxEntries: 10_000 });
  const trackers = createReadCache<ReadonlySet<string>>(deps.changes, { tables: ['Tracker'], maxEntries: 10_000 });
  // Take-offs and landings write "Flight", a mission given to another account "Mission"; the 15 s pings notify nothing.
  const flights = createReadCache<KeptFlights>(deps.changes, { tables: ['Flight', 'Mission'], maxEntries: 10_000 });

  const readFlights = async (userId: string, since: number) => (await repository.flightsSince([userId], new Date(since))).get(userId) ?? [];

  /**
   * The flights of `userId` open or landed since `earliest` (and maybe some landed before it, which no position from
   * `earliest` on belongs to). Kept from one batch to the next until a flight or a mission changes.
   */
  async function flightsSince(userId: string, earliest: number, now: Date): Promise<readonly Flight[]> {
    const kept =
      flights.peek(userId) ??
      (await flights.get(userId, async () => {
        const since = now.getTime() - FLIGHTS_KEPT_BACK_MS;
        return { since, flights: await readFlights(userId, since) };
      }));
    return earliest >= kept.since ? kept.flights : readFlights(userId, earliest);
  }

  function validate(raw: readonly unknown[], now: Date) {
    const valid: { index: number; post: TrafficPost }[] = [];
    const rejected: Rejection[] = [];
    raw.forEach((value, index) => {
      const parsed = trafficPostSchema.safeParse(value);
      if (!parsed.success) {
        const fields = fieldErrors(parsed.error);
        const text = Object.entries(fields).map(([field, messages]) => `${field}: ${messages.join(', ')}`);
        rejected.push(rejection(index, 'VALIDATION_FAILED', text.join('; ')));
      } else if (new Date(parsed.data.time).getTime() > now.getTime() + TRAFFIC_TIME_FUTURE_TOLERANCE_MS) {
        rejected.push(rejection(index, 'VALIDATION_FAILED', 'time: validation:dateInFuture'));
      } else valid.push({ index, post: parsed.data });
    });
    return { valid, rejected };
  }

  /** The mission flying at `time` for `userId`: the latest flight taken off by then and not landed before. */
  function missionAt(flights: readonly Flight[], time: Date) {
    const flight = flights.find((f) => f.takeoffAt <= time && (f.landedAt === null || f.landedAt >= time));
    return flight?.missionId ?? null;
  }

  /** Stores what was accepted, then hands it to the listeners, all at once; a listener's failure does not undo the storage. */
  async function store(tracks: { index: number; row: TrackRow }[], rejected: Rejection[]) {
    const stored = await repository.insert(tracks.map((track) => track.row));
    const positions: IngestedPosition[] = [];
    for (const { index, row } of tracks) {
      if (!stored.has(trackKey(row))) {
        rejected.push(rejection(index, 'TRACK_ALREADY_EXISTS', 'This track already exists'));
        continue;
      }
      stored.delete(trackKey(row));
      positions.push({
        ident: row.ident,
        source: row.source,
        type: row.type,
        lat: row.lat,
        lon: row.lon,
        heightM: row.alt ?? null,
        speedMs: row.spd ?? null,
        heading: row.heading ?? null,
        time: row.time,
        userId: row.userId,
        missionId: row.missionId,
        callsign: row.callsign ?? null,
        squawk: row.squawk ?? null,
        onGround: row.onGround ?? null,
      });
    }
    // Side by side: each waits on its own writes (the bus, the episodes of the alerts and of the flights), and the
    // sender's answer on the longest of them rather than on their sum (docs/performance.md, "Listeners side by side").
    await Promise.all(
      listeners.map(async (listener) => {
        try {
          await listener(positions);
        } catch (error) {
          logger.error({ err: error }, 'a position listener failed');
        }
      }),
    );
    rejected.sort((a, b) => a.index - b.index);
    return { accepted: positions.length, rejected } satisfies TrafficIngestResult;
  }

  return {
    /** The account an API key belongs to; an unknown key is "unknown user" (spec §8). */
    async senderOfApiKey(apiKey: string): Promise<TrafficSender> {
      const user = await senders.get(apiKey, () => repository.userByApiKey(apiKey));
      if (!user) throw new AppError('TRACK_UNKNOWN_USER', 'Unknown user');
      return { kind: 'apiKey', userId: user.id };
    },

    /**
     * `POST /api/traffics/`: one post, or a batch `{ positions }` with an API key. Each bad position is refused with
     * its index and the rest is kept; a single post that is refused answers its error.
     */
    async ingest(sender: TrafficSender, body: unknown): Promise<TrafficIngestResult> {
      const isBatch = typeof body === 'object' && body !== null && 'positions' in body;
      if (isBatch && sender.kind !== 'apiKey')
        throw new AppError('TRACK_BATCH_NEEDS_API_KEY', "A batch of positions is sent with the account's API key");
      let raw: unknown[] = [body];
      if (isBatch) {
        const batch = trafficBatchSchema.safeParse(body);
        if (!batch.success) throw new AppError('VALIDATION_FAILED', 'Some fields are invalid', { fields: fieldErrors(batch.error) });
        raw = batch.data.positions;
      }
      const now = clock.now();
      const { valid, rejected } = validate(raw, now);
      // The flights since the earliest valid position: those of the owned ones are among them.
      const earliest = Math.min(...valid.map(({ post }) => Date.parse(post.time)));
      const [registered, flying] = await Promise.all([
        trackers.get(sender.userId, () => repository.trackersOf(sender.userId)),
        valid.length > 0 ? flightsSince(sender.userId, earliest, now) : [],
      ]);
      const foreign = valid.filter(({ post }) => !registered.has(post.ident) && !(sender.kind === 'session' && isOwnPosition(post)));
      // A tracker registered without a related user is named as such: its positions need the account it belongs to.
      // One related to another account stays "unknown", as an unregistered one: the sender learns nothing of it.
      const unlinked = await repository.unlinkedTrackers([...new Set(foreign.map(({ post }) => post.ident))]);
      for (const { index, post } of foreign)
        rejected.push(
          unlinked.has(post.ident)
            ? rejection(
                index,
                'TRACK_TRACKER_WITHOUT_USER',
                `Tracker ${post.ident} has no related user: an administrator links it to an account`,
              )
            : rejection(index, 'TRACK_UNKNOWN_TRACKER', `Unknown tracker ${post.ident}`),
        );
      const owned = valid.filter((position) => !foreign.includes(position));
      const tracks = owned.map(({ index, post }) => {
        const time = new Date(post.time);
        const ident = registered.has(post.ident) ? post.ident : ownIdent(post.ident, sender.userId);
        // Its own fields before the spread: V8 reads an object literal that adds fields after a spread about ten times
        // slower, and each row is read field by field for the insert (docs/performance.md).
        return { index, row: { userId: sender.userId, missionId: missionAt(flying, time), ...post, ident, time } };
      });
      const result = await store(tracks, rejected);
      if (!isBatch && result.rejected.length > 0) {
        const [refused] = result.rejected;
        if (refused!.code === 'VALIDATION_FAILED') {
          const parsed = trafficPostSchema.safeParse(body);
          const fields = parsed.success ? { time: ['validation:dateInFuture'] } : fieldErrors(parsed.error);
          throw new AppError('VALIDATION_FAILED', 'Some fields are invalid', { fields });
        }
        throw new AppError(
          refused!.code as 'TRACK_ALREADY_EXISTS' | 'TRACK_UNKNOWN_TRACKER' | 'TRACK_TRACKER_WITHOUT_USER',
          refused!.message,
        );
      }
      const [own] = tracks;
      if (isBatch || sender.kind !== 'session' || !own || !deps.conformanceOf) return result;
      return { ...result, conformance: deps.conformanceOf(own.row.source, own.row.ident) };
    },

    /** Third-party traffic from a receiver of this server (ADS-B): no account, no mission; duplicates are dropped. */
    async ingestReceived(posts: readonly TrafficPost[]): Promise<TrafficIngestResult> {
      const tracks = posts.map((post, index) => ({
        index,
        row: { userId: null, missionId: null, ...post, time: new Date(post.time) },
      }));
      return store(tracks, []);
    },
  };
}

export type TrafficIngest = ReturnType<typeof createTrafficIngest>;
