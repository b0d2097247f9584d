import { Socket } from 'node:net';
import type { TrafficPost } from '../../../src/shared/contracts/traffic';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import { METRES_PER_FOOT, METRES_PER_SECOND_PER_KNOT, parseSbsLine } from './sbs';

export interface AdsbStatus {
  state: 'connecting' | 'connected' | 'disconnected';
  url: string;
  lastMessageAt: string | null;
  messages: number;
  positions: number;
  reconnects: number;
  /** Aircraft heard since the start, and how many of them gave their callsign (MSG,1). */
  aircraft: number;
  identified: number;
}

export interface SbsConnectorOptions {
  host: string;
  port: number;
  station: { name: string; lat: number; lon: number } | null;
  /** Where merged positions go (the traffic ingestion), in batches. */
  sink: (posts: TrafficPost[]) => Promise<unknown>;
  clock: Clock;
  logger: Logger;
  flushMs?: number;
  /** Waits between connection attempts: doubling from the first to the last. */
  backoffMs?: { first: number; last: number };
  /** How often the station itself is posted as a target. */
  stationEveryMs?: number;
}

interface Aircraft {
  callsign?: string;
  altitudeFt?: number;
  groundSpeedKt?: number;
  trackDeg?: number;
  squawk?: string;
  onGround?: boolean;
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/** An ident of the traffic post: letters, digits and _ . : - only. */
const stationIdent = (name: string) => name.replace(/[^A-Za-z0-9_.:-]+/g, '-').slice(0, 64) || 'station';

/**
 * A dump1090 / readsb receiver's SBS-1 output over TCP: merges identification (callsign), squawk, on-ground flag,
 * altitude, position and velocity by ICAO address, posts a position (source ab, metres and m/s, with what the
 * aircraft said before) for every airborne or surface position, and reconnects by itself.
 */
export function createSbsConnector(options: SbsConnectorOptions) {
  const { host, port, station, sink, clock, logger } = options;
  const flushMs = options.flushMs ?? 1000;
  const backoff = options.backoffMs ?? { first: 1000, last: 30_000 };
  const stationEveryMs = options.stationEveryMs ?? 30_000;
  const aircraft = new Map<string, Aircraft>();
  const status: Omit<AdsbStatus, 'aircraft' | 'identified'> = {
    state: 'disconnected',
    url: `tcp://${host}:${port}`,
    lastMessageAt: null,
    messages: 0,
    positions: 0,
    reconnects: 0,
  };
  let pending = new Map<string, TrafficPost>();
  let socket: Socket | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let flushTimer: NodeJS.Timeout | null = null;
  let wait = backoff.first;
  let stopped = false;
  let stationPostedAt = -Infinity;
  let flushing: Promise<void> = Promise.resolve();

  function receive(line: string) {
    const message = parseSbsLine(line);
    if (!message) return;
    status.messages++;
    const now = clock.now();
    status.lastMessageAt = now.toISOString();
    const known = aircraft.get(message.hex) ?? {};
    aircraft.set(message.hex, known);
    known.callsign = message.callsign ?? known.callsign;
    known.altitudeFt = message.altitudeFt ?? known.altitudeFt;
    known.groundSpeedKt = message.groundSpeedKt ?? known.groundSpeedKt;
    known.trackDeg = message.trackDeg ?? known.trackDeg;
    known.squawk = message.squawk ?? known.squawk;
    known.onGround = message.onGround ?? known.onGround;
    if (message.lat === undefined || message.lon === undefined) return;
    pending.set(message.hex, {
      ident: message.hex,
      lat: message.lat,
      lon: message.lon,
      alt: known.altitudeFt === undefined ? null : round(known.altitudeFt * METRES_PER_FOOT, 1),
      spd: known.groundSpeedKt === undefined ? null : round(known.groundSpeedKt * METRES_PER_SECOND_PER_KNOT, 2),
      heading: known.trackDeg === undefined ? null : known.trackDeg % 360,
      time: now.toISOString(),
      type: 'plane',
      source: 'ab',
      stationName: station?.name ?? null,
      stationLatitude: station?.lat ?? null,
      stationLongitude: station?.lon ?? null,
      callsign: known.callsign ?? null,
      squawk: known.squawk ?? null,
      onGround: known.onGround ?? null,
    });
  }

  async function flush() {
    const now = clock.now();
    const posts = [...pending.values()];
    pending = new Map();
    if (station && status.state === 'connected' && now.getTime() - stationPostedAt >= stationEveryMs) {
      stationPostedAt = now.getTime();
      posts.push({
        ident: stationIdent(station.name),
        lat: station.lat,
        lon: station.lon,
        time: now.toISOString(),
        type: 'station',
        source: 'st',
        stationName: station.name,
        stationLatitude: station.lat,
        stationLongitude: station.lon,
      });
    }
    if (posts.length === 0) return;
    try {
      await sink(posts);
      status.positions += posts.filter((post) => post.source === 'ab').length;
    } catch (error) {
      logger.error({ err: error }, 'ADS-B positions not stored');
    }
  }

  function connect() {
    status.state = 'connecting';
    const current = new Socket();
    socket = current;
    let buffer = '';
    current.setEncoding('utf8');
    current.setKeepAlive(true, 30_000);
    current.on('connect', () => {
      status.state = 'connected';
      wait = backoff.first;
      logger.info({ url: status.url }, 'ADS-B receiver connected');
    });
    current.on('data', (chunk: string) => {
      buffer += chunk;
      const lines = buffer.split(/\r?\n/);
      buffer = lines.pop() ?? '';
      for (const line of lines) receive(line);
    });
    current.on('error', (error) => logger.warn({ err: error, url: status.url }, 'ADS-B receiver error'));
    current.on('close', () => {
      if (socket !== current) return;
      socket = null;
      status.state = 'disconnected';
      if (stopped) return;
      status.reconnects++;
      retryTimer = setTimeout(connect, wait);
      wait = Math.min(wait * 2, backoff.last);
    });
    current.connect(port, host);
  }

  return {
    start() {
      stopped = false;
      connect();
      flushTimer = setInterval(() => {
        flushing = flushing.then(flush);
      }, flushMs);
    },
    async stop() {
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      if (flushTimer) clearInterval(flushTimer);
      socket?.destroy();
      socket = null;
      status.state = 'disconnected';
      await flushing;
    },
    status(): AdsbStatus {
      const identified = [...aircraft.values()].filter((known) => known.callsign !== undefined).length;
      return { ...status, aircraft: aircraft.size, identified };
    },
  };
}
