/** One SBS-1 (BaseStation) MSG line's useful fields: transmission 1 identification, 3 airborne position, 4 velocity. */
export interface SbsMessage {
  hex: string;
  transmission: 1 | 3 | 4;
  callsign?: string;
  altitudeFt?: number;
  groundSpeedKt?: number;
  trackDeg?: number;
  lat?: number;
  lon?: number;
}

export const METRES_PER_FOOT = 0.3048;
export const METRES_PER_SECOND_PER_KNOT = 1852 / 3600;

const number = (field: string | undefined) => {
  if (field === undefined || field.trim() === '') return undefined;
  const value = Number(field);
  return Number.isFinite(value) ? value : undefined;
};

/**
 * Reads one line of port 30003: `MSG,<transmission>,<session>,<aircraft>,<hex>,<flight>,<date gen>,<time gen>,
 * <date logged>,<time logged>,<callsign>,<altitude ft>,<ground speed kt>,<track>,<lat>,<lon>,...`. Other message
 * kinds (SEL, ID, AIR, STA, CLK) and other transmissions answer null.
 */
export function parseSbsLine(line: string): SbsMessage | null {
  const fields = line.trim().split(',');
  if (fields[0] !== 'MSG') return null;
  const transmission = Number(fields[1]);
  const hex = fields[4]?.trim().toUpperCase();
  if (!hex || !/^[0-9A-F]{6}$/.test(hex)) return null;
  if (transmission === 1) {
    const callsign = fields[10]?.trim();
    return callsign ? { hex, transmission, callsign } : null;
  }
  if (transmission === 3) {
    const lat = number(fields[14]);
    const lon = number(fields[15]);
    if (lat === undefined || lon === undefined) return null;
    return { hex, transmission, lat, lon, altitudeFt: number(fields[11]) };
  }
  if (transmission === 4) return { hex, transmission, groundSpeedKt: number(fields[12]), trackDeg: number(fields[13]) };
  return null;
}
