import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { statusFailure, type CallPolicy } from '../../lib/call-policy';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import { issueTimeOf, shiftReport } from './shift-report';

export interface TafReport {
  icao: string;
  /** The TAF as published, one line, without the closing `=`. */
  raw: string;
  metar: string | null;
  issuedAt: Date;
  /** A replayed recording (embedded default), not a live forecast. */
  recorded: boolean;
}

export interface TafSource {
  /**
   * The latest TAF of an aerodrome, or null when it has none. Throws EXTERNAL_SERVICE_UNAVAILABLE on failure, and
   * NO_RECORDED_WEATHER from the embedded default for an aerodrome it holds no recording of.
   */
  latest(icao: string): Promise<TafReport | null>;
}

const recordingSchema = z.object({
  stations: z.array(
    z.object({
      icao: z.string().regex(/^[A-Z]{4}$/),
      name: z.string(),
      lat: z.number(),
      lon: z.number(),
      issuedAt: z.iso.datetime(),
      taf: z.string(),
      metar: z.string().nullable(),
      origin: z.string(),
    }),
  ),
});
type Recording = z.infer<typeof recordingSchema>['stations'][number];

export const RECORDED_TAF_FILE = fileURLToPath(new URL('../../../data-seed/weather/recorded-taf.json', import.meta.url));

const oneLine = (text: string) => text.replace(/=\s*$/, '').replace(/\s+/g, ' ').trim();

export function readRecording(file = RECORDED_TAF_FILE): Recording[] {
  return recordingSchema.parse(JSON.parse(readFileSync(file, 'utf8'))).stations;
}

/**
 * The embedded default: real recorded TAF and METAR texts, moved in time by whole hours so that each TAF was issued
 * in the hour before now (data-seed/weather/README.md).
 */
export function createRecordedTafSource(options: { clock: Clock; file?: string }): TafSource {
  const recordings = readRecording(options.file);
  const recorded = recordings.map((r) => r.icao).join(', ');
  return {
    async latest(icao) {
      const recording = recordings.find((r) => r.icao === icao);
      if (!recording) {
        throw new AppError('NO_RECORDED_WEATHER', `The embedded weather holds recordings of ${recorded} only, not of ${icao}`);
      }
      const original = new Date(recording.issuedAt);
      const target = new Date(Math.floor(options.clock.now().getTime() / 3_600_000) * 3_600_000 - 3_600_000);
      target.setUTCMinutes(original.getUTCMinutes());
      const hours = Math.round((target.getTime() - original.getTime()) / 3_600_000);
      return {
        icao,
        raw: oneLine(shiftReport(recording.taf, original, hours)),
        metar: recording.metar && oneLine(shiftReport(recording.metar, original, hours)),
        issuedAt: new Date(original.getTime() + hours * 3_600_000),
        recorded: true,
      };
    },
  };
}

/**
 * `WEATHER_TAF_URL`: a URL template with `{icao}` answering the raw TAF text (for example a `format=raw` TAF
 * endpoint of an aviation weather service), asked for any aerodrome of the shipped list (`aerodromes.ts`).
 */
export function createHttpTafSource(options: {
  urlTemplate: string;
  clock: Clock;
  logger: Logger;
  /** Retries, time-out and breaker of the weather service's calls. */
  policy: CallPolicy;
}): TafSource {
  return {
    async latest(icao) {
      let text: string;
      try {
        text = await options.policy.execute(async (signal) => {
          const response = await fetch(options.urlTemplate.replaceAll('{icao}', icao), { signal });
          if (!response.ok) throw statusFailure('The weather service', response.status);
          return response.text();
        });
      } catch (error) {
        options.logger.warn({ err: error, icao }, 'TAF request failed');
        throw new AppError('EXTERNAL_SERVICE_UNAVAILABLE', 'The weather service is unavailable, try again later');
      }
      const start = text.search(new RegExp(`\\bTAF\\b[^=]*?\\b${icao}\\b`));
      if (start < 0) return null;
      const raw = oneLine(text.slice(start).split('=')[0]!);
      const issuedAt = issueTimeOf(raw, options.clock.now());
      return issuedAt ? { icao, raw, metar: null, issuedAt, recorded: false } : null;
    },
  };
}
