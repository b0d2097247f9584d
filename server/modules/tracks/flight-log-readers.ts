import type { Readable } from 'node:stream';
import { type Filelike, MessageType, ULog } from '@foxglove/ulog';
import { common, MavLinkPacketParser, type MavLinkPacket, MavLinkTLogPacketSplitter } from 'node-mavlink';
import { TrackFileError } from '../../../src/shared/geo/track-files';
import type { BatteryCharge, Positions, ReadFile } from './track-positions';

/**
 * Readers of flight controllers' own logs (docs/post-flight.md "Track files"): PX4 ULog through @foxglove/ulog,
 * MAVLink telemetry logs (.tlog) through node-mavlink, ArduPilot DataFlash (.bin) with the reader below, which follows
 * the format's own FMT messages. Each keeps the positions the vehicle's GPS gave with its fix, at the time it gives.
 */

/** The first and the last battery charge a log reports, in percent. */
class BatteryReadings {
  private first: number | null = null;
  private last: number | null = null;

  add(percent: number) {
    if (!Number.isFinite(percent) || percent < 0 || percent > 100) return;
    this.first ??= percent;
    this.last = percent;
  }

  get charge(): BatteryCharge | null {
    return this.first === null || this.last === null ? null : { firstPct: this.first, lastPct: this.last };
  }
}

/** The whole upload in memory (at most TRACK_FILE_MAX_BYTES, in the worker's bounded heap), for readers that seek. */
async function wholeFile(source: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of source) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

class BufferFile implements Filelike {
  constructor(private readonly buffer: Buffer) {}
  open() {
    return Promise.resolve(this.buffer.length);
  }
  /** A copy: the library reads views through their ArrayBuffer from offset 0, which a Buffer's slice does not start at. */
  read(offset: number, length: number) {
    return Promise.resolve(Uint8Array.from(this.buffer.subarray(offset, offset + length)));
  }
  size() {
    return this.buffer.length;
  }
}

type FieldValues = Record<string, unknown>;
const numeric = (value: unknown) => (typeof value === 'bigint' ? Number(value) : typeof value === 'number' ? value : NaN);

/**
 * PX4 ULog: the GPS topic (`vehicle_gps_position`, else `sensor_gps`, first instance) with a 2D or 3D fix, timed by
 * the receiver's own UTC (`time_utc_usec`); `alt` (mm) or `altitude_msl_m` is above sea level, so heights become
 * heights above the first position. The battery is `battery_status.remaining` (0 to 1, first instance).
 */
async function ulogTrack(source: Readable, positions: Positions): Promise<ReadFile> {
  const ulog = new ULog(new BufferFile(await wholeFile(source)));
  await ulog.open();
  const ids = (name: string) => [...ulog.subscriptions].filter(([, s]) => s.name === name && s.multiId === 0).map(([id]) => id);
  const gps = ids('vehicle_gps_position').length > 0 ? ids('vehicle_gps_position') : ids('sensor_gps');
  const battery = new Set(ids('battery_status'));
  const charge = new BatteryReadings();
  for await (const message of ulog.readMessages({ msgIds: new Set([...gps, ...battery]), includeLogs: false })) {
    if (message.type !== MessageType.Data) continue;
    const value = message.value as FieldValues;
    if (battery.has(message.msgId)) {
      charge.add(Math.round(numeric(value.remaining) * 100));
      continue;
    }
    if (numeric(value.fix_type) < 2) continue;
    const utc = numeric(value.time_utc_usec);
    const degrees = value.latitude_deg !== undefined;
    positions.add({
      time: utc > 0 ? new Date(utc / 1000) : undefined,
      lat: degrees ? numeric(value.latitude_deg) : numeric(value.lat) / 1e7,
      lon: degrees ? numeric(value.longitude_deg) : numeric(value.lon) / 1e7,
      alt: numeric(value.fix_type) < 3 ? undefined : degrees ? numeric(value.altitude_msl_m) : numeric(value.alt) / 1000,
    });
  }
  return { heights: 'absolute', battery: charge.charge };
}

/**
 * MAVLink telemetry log (.tlog, as Mission Planner and QGroundControl record it): each packet follows the ground
 * station's receive time (node-mavlink gives it in ms since 1970). Positions are the `GLOBAL_POSITION_INT` of the first vehicle that sends one
 * (`relative_alt`, mm above home, kept as the height); the battery is `SYS_STATUS.battery_remaining` (-1: unknown).
 */
async function tlogTrack(source: Readable, positions: Positions): Promise<ReadFile> {
  const packets = source.pipe(new MavLinkTLogPacketSplitter()).pipe(new MavLinkPacketParser()) as AsyncIterable<MavLinkPacket>;
  const charge = new BatteryReadings();
  let vehicle: number | undefined;
  for await (const packet of packets) {
    const { msgid, sysid, timestamp } = packet.header;
    if (msgid === common.GlobalPositionInt.MSG_ID) {
      const position = packet.protocol.data(packet.payload, common.GlobalPositionInt);
      if (position.lat === 0 && position.lon === 0) continue;
      vehicle ??= sysid;
      if (sysid !== vehicle) continue;
      positions.add({
        time: timestamp ? new Date(Number(timestamp)) : undefined,
        lat: position.lat / 1e7,
        lon: position.lon / 1e7,
        alt: position.relativeAlt / 1000,
      });
    } else if (msgid === common.SysStatus.MSG_ID && (vehicle === undefined || sysid === vehicle)) {
      charge.add(packet.protocol.data(packet.payload, common.SysStatus).batteryRemaining);
    }
  }
  return { heights: 'relative', battery: charge.charge };
}

/** DataFlash field types by their format letter: size and reading (scaled as ArduPilot documents them). */
const DATAFLASH_FIELDS: Record<string, [number, (view: DataView, at: number) => number | string]> = {
  b: [1, (v, at) => v.getInt8(at)],
  B: [1, (v, at) => v.getUint8(at)],
  M: [1, (v, at) => v.getUint8(at)],
  h: [2, (v, at) => v.getInt16(at, true)],
  H: [2, (v, at) => v.getUint16(at, true)],
  c: [2, (v, at) => v.getInt16(at, true) / 100],
  C: [2, (v, at) => v.getUint16(at, true) / 100],
  i: [4, (v, at) => v.getInt32(at, true)],
  I: [4, (v, at) => v.getUint32(at, true)],
  e: [4, (v, at) => v.getInt32(at, true) / 100],
  E: [4, (v, at) => v.getUint32(at, true) / 100],
  L: [4, (v, at) => v.getInt32(at, true) / 1e7],
  f: [4, (v, at) => v.getFloat32(at, true)],
  d: [8, (v, at) => v.getFloat64(at, true)],
  q: [8, (v, at) => Number(v.getBigInt64(at, true))],
  Q: [8, (v, at) => Number(v.getBigUint64(at, true))],
  n: [4, () => ''],
  N: [16, () => ''],
  Z: [64, () => ''],
  a: [64, () => ''],
};

interface DataflashFormat {
  name: string;
  length: number;
  columns: string[];
  types: string;
}

const HEAD = [0xa3, 0x95] as const;
const FMT_TYPE = 0x80;
const FMT_LENGTH = 89;
const GPS_EPOCH_MS = Date.UTC(1980, 0, 6);
const WEEK_MS = 7 * 86_400_000;
/** GPS time runs ahead of UTC by the leap seconds since 1980: [from (UTC), seconds]. */
const LEAP_SECONDS: [number, number][] = [
  [Date.UTC(2017, 0, 1), 18],
  [Date.UTC(2015, 6, 1), 17],
  [Date.UTC(2012, 6, 1), 16],
  [Date.UTC(2009, 0, 1), 15],
  [Date.UTC(2006, 0, 1), 14],
];

/** UTC of a GPS week and millisecond of the week. */
export function gpsTime(week: number, msOfWeek: number): Date {
  const gps = GPS_EPOCH_MS + week * WEEK_MS + msOfWeek;
  const leap = LEAP_SECONDS.find(([from, seconds]) => gps - seconds * 1000 >= from)?.[1] ?? 13;
  return new Date(gps - leap * 1000);
}

function dataflashValues(format: DataflashFormat, record: DataView): FieldValues {
  const values: FieldValues = {};
  let at = 3;
  for (const [index, letter] of [...format.types].entries()) {
    const field = DATAFLASH_FIELDS[letter];
    // A letter this reader does not know, or a field past the record's declared length: the rest is not read.
    if (!field || at + field[0] > record.byteLength) break;
    values[format.columns[index] ?? ''] = field[1](record, at);
    at += field[0];
  }
  return values;
}

const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1').replace(/\0.*$/s, '');

/**
 * ArduPilot DataFlash log (.bin): records `A3 95 type payload`, each type described by an FMT record (type 128,
 * name, length, field letters and column names) before it is used. Positions are the `GPS` records (first receiver:
 * `I` = 0 where the log has instances) with a 2D or 3D fix (`Status` ≥ 2), timed by their GPS week and millisecond;
 * `Alt` is above sea level, so heights become heights above the first position. The battery is `BAT.RemPct`
 * (first battery) where the firmware logs it. Read as a stream: at most one record is held beyond the chunk read.
 */
async function dataflashTrack(source: Readable, positions: Positions): Promise<ReadFile> {
  const formats = new Map<number, DataflashFormat>([[FMT_TYPE, { name: 'FMT', length: FMT_LENGTH, columns: [], types: '' }]]);
  const charge = new BatteryReadings();
  let pending: Buffer = Buffer.alloc(0);
  let records = 0;
  for await (const chunk of source) {
    pending = pending.length ? Buffer.concat([pending, chunk as Buffer]) : (chunk as Buffer);
    let at = 0;
    while (at + 3 <= pending.length) {
      const format = pending[at] === HEAD[0] && pending[at + 1] === HEAD[1] ? formats.get(pending[at + 2]!) : undefined;
      if (!format) {
        at += 1;
        continue;
      }
      if (at + format.length > pending.length) break;
      const record = new DataView(pending.buffer, pending.byteOffset + at, format.length);
      at += format.length;
      records += 1;
      if (format.name === 'FMT') {
        const bytes = new Uint8Array(record.buffer, record.byteOffset, format.length);
        // A record holds at least its 3 header bytes: a shorter declared length would never move the reader on.
        if (bytes[4]! < 3) throw new TrackFileError('TRACK_FILE_INVALID', 'The DataFlash log declares a record shorter than its header');
        formats.set(bytes[3]!, {
          length: bytes[4]!,
          name: text(bytes.subarray(5, 9)),
          types: text(bytes.subarray(9, 25)),
          columns: text(bytes.subarray(25, 89)).split(','),
        });
      } else if (format.name === 'GPS') {
        const gps = dataflashValues(format, record);
        if ((gps.I ?? 0) !== 0 || numeric(gps.Status) < 2) continue;
        positions.add({
          time: gpsTime(numeric(gps.GWk), numeric(gps.GMS)),
          lat: gps.Lat,
          lon: gps.Lng,
          alt: numeric(gps.Status) < 3 ? undefined : gps.Alt,
        });
      } else if (format.name === 'BAT') {
        const battery = dataflashValues(format, record);
        if ((battery.Inst ?? battery.I ?? 0) === 0 && battery.RemPct !== undefined) charge.add(numeric(battery.RemPct));
      }
    }
    pending = pending.subarray(at);
  }
  if (records === 0) throw new TrackFileError('TRACK_FILE_INVALID', 'The file is not an ArduPilot DataFlash log');
  return { heights: 'absolute', battery: charge.charge };
}

/** A reader whose library fails on a damaged file answers TRACK_FILE_INVALID, never an unexpected error (a 5xx). */
const refusingDamage =
  (read: (source: Readable, positions: Positions) => Promise<ReadFile>, what: string) =>
  async (source: Readable, positions: Positions): Promise<ReadFile> => {
    try {
      return await read(source, positions);
    } catch (error) {
      if (error instanceof TrackFileError) throw error;
      throw new TrackFileError('TRACK_FILE_INVALID', `The file is not a readable ${what}`);
    }
  };

export const FLIGHT_LOG_READERS = {
  ulog: refusingDamage(ulogTrack, 'PX4 ULog'),
  tlog: refusingDamage(tlogTrack, 'MAVLink telemetry log'),
  dataflash: refusingDamage(dataflashTrack, 'ArduPilot DataFlash log'),
};
