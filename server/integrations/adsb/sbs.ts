/**
 * One SBS-1 (BaseStation) MSG line's useful fields: transmission 1 identification (callsign), 2 surface position, 3
 * airborne position, 4 velocity, 5 and 7 altitude, 6 the transponder code (squawk), 8 all-call reply; most of them
 * carry the on-ground flag.
 */
export interface SbsMessage {
  hex: string;
  transmission: 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;
  callsign?: string;
  altitudeFt?: number;
  groundSpeedKt?: number;
  trackDeg?: number;
  lat?: number;
  lon?: number;
  squawk?: string;
  onGround?: boolean;
}

export const METRES_PER_FOOT = 0.3048;
export const METRES_PER_SECOND_PER_KNOT = 1852 / 3600;

const number = (field: string | undefined) => {
  if (field === undefined || field.trim() === '') return undefined;
  const value = Number(field);
  return Number.isFinite(value) ? value : undefined;
};

/** The on-ground flag: dump1090 writes -1 for true, BaseStation 1; 0 is false; empty is unknown. */
const flag = (field: string | undefined) => {
  const value = field?.trim();
  return value === '-1' || value === '1' ? true : value === '0' ? false : undefined;
};

const defined = <T extends object>(value: T) => Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T;

/**
 * Reads one line of port 30003: `MSG,<transmission>,<session>,<aircraft>,<hex>,<flight>,<date gen>,<time gen>,
 * <date logged>,<time logged>,<callsign>,<altitude ft>,<ground speed kt>,<track>,<lat>,<lon>,<vertical rate>,
 * <squawk>,<alert>,<emergency>,<SPI>,<on ground>`. Other message kinds (SEL, ID, AIR, STA, CLK), a position out of
 * range and a line that says nothing answer null.
 */
export function parseSbsLine(line: string): SbsMessage | null {
  const fields = line.trim().split(',');
  if (fields[0] !== 'MSG') return null;
  const transmission = Number(fields[1]);
  const hex = fields[4]?.trim().toUpperCase();
  if (!hex || !/^[0-9A-F]{6}$/.test(hex) || !Number.isInteger(transmission) || transmission < 1 || transmission > 8) return null;
  const squawk = fields[17]?.trim();
  const callsign = fields[10]?.trim();
  const message = defined<SbsMessage>({
    hex,
    transmission: transmission as SbsMessage['transmission'],
    callsign: transmission === 1 && /^[A-Z0-9 ]{1,8}$/i.test(callsign ?? '') ? callsign : undefined,
    altitudeFt: number(fields[11]),
    groundSpeedKt: number(fields[12]),
    trackDeg: number(fields[13]),
    lat: number(fields[14]),
    lon: number(fields[15]),
    squawk: squawk && /^[0-7]{4}$/.test(squawk) ? squawk : undefined,
    onGround: transmission === 2 ? true : flag(fields[21]),
  });
  const positioned = transmission === 2 || transmission === 3;
  if (positioned && !(Math.abs(message.lat ?? 91) <= 90 && Math.abs(message.lon ?? 181) <= 180)) return null;
  if (!positioned) {
    delete message.lat;
    delete message.lon;
  }
  return Object.keys(message).length > 2 ? message : null;
}
