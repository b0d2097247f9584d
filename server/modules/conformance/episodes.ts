/**
 * The episode state machine of one traffic (one ident of one source), pure and on plain data (docs/alerts.md
 * "Flight conformance"). Each position is an observation of the rules it breaks, with a value each (metres beyond
 * the limit, or null when the breach has no measure). For each rule:
 * - not open and broken: an episode opens (`opened`);
 * - open and broken again: it goes on (`continued`), or `worsened` when the value is worse than its worst;
 * - open and no longer broken: it ends at this position (`ended`, `endedAt` = the position's time);
 * - open and the traffic silent for longer than the silence time: it ends at its last offending position;
 * - open and the flight over (flight.checker.ts): it ends at its last offending position too.
 * A rule broken again after its episode ended opens a new episode.
 */

export interface EpisodeState<K extends string> {
  id: string;
  rule: K;
  startedAt: Date;
  endedAt: Date | null;
  lastAt: Date;
  latitude: number;
  longitude: number;
  heightM: number | null;
  worstValue: number | null;
  positionCount: number;
}

export interface Observation<K extends string> {
  time: Date;
  lat: number;
  lon: number;
  heightM: number | null;
  /** The rules this position breaks, with the value of each breach. */
  breaches: ReadonlyMap<K, number | null>;
}

export type EpisodeEventKind = 'opened' | 'continued' | 'worsened' | 'ended';
export interface EpisodeEvent<K extends string> {
  kind: EpisodeEventKind;
  /** The episode after the event (a copy: the state handed in is not changed). */
  episode: EpisodeState<K>;
}

export interface Step<K extends string> {
  open: Map<K, EpisodeState<K>>;
  events: EpisodeEvent<K>[];
}

/** The larger breach is the worse; a value beats no value. */
export function larger(current: number | null, next: number | null): number | null {
  if (next === null) return current;
  if (current === null) return next;
  return Math.max(current, next);
}

/** One observation applied to the open episodes of a traffic. `newId` names an episode that opens. */
export function observe<K extends string>(
  open: ReadonlyMap<K, EpisodeState<K>>,
  observation: Observation<K>,
  newId: () => string,
  worse: (current: number | null, next: number | null) => number | null = larger,
): Step<K> {
  const next = new Map<K, EpisodeState<K>>();
  const events: EpisodeEvent<K>[] = [];
  const at = { lastAt: observation.time, latitude: observation.lat, longitude: observation.lon, heightM: observation.heightM };
  for (const [rule, value] of observation.breaches) {
    const current = open.get(rule);
    if (!current) {
      const episode: EpisodeState<K> = {
        id: newId(),
        rule,
        startedAt: observation.time,
        endedAt: null,
        ...at,
        worstValue: value,
        positionCount: 1,
      };
      next.set(rule, episode);
      events.push({ kind: 'opened', episode });
      continue;
    }
    const worstValue = worse(current.worstValue, value);
    const episode = { ...current, ...at, worstValue, positionCount: current.positionCount + 1 };
    next.set(rule, episode);
    events.push({ kind: worstValue !== current.worstValue ? 'worsened' : 'continued', episode });
  }
  for (const [rule, current] of open) {
    if (observation.breaches.has(rule)) continue;
    events.push({ kind: 'ended', episode: { ...current, endedAt: observation.time } });
  }
  return { open: next, events };
}

/** Ends every open episode of a traffic silent since `lastSeen` when `now` is more than `silenceMs` later. */
export function silence<K extends string>(
  open: ReadonlyMap<K, EpisodeState<K>>,
  lastSeen: Date,
  now: Date,
  silenceMs: number,
): Step<K> | null {
  if (now.getTime() - lastSeen.getTime() <= silenceMs) return null;
  return endAll(open);
}

/** Ends every open episode at its last offending position. */
export function endAll<K extends string>(open: ReadonlyMap<K, EpisodeState<K>>): Step<K> {
  const events = [...open.values()].map((episode) => ({ kind: 'ended' as const, episode: { ...episode, endedAt: episode.lastAt } }));
  return { open: new Map(), events };
}
