import type { LiveConformance, LiveDelta, LiveSnapshot, LiveTarget, LiveViolation } from '@/shared/contracts/traffic';

/** How long a target stays without a new position, by default (docs/flight.md); the live map lets the user change it. */
export const DEFAULT_STALE_MS = 60_000;
export const STALE_CHOICES_MS = [30_000, 60_000, 120_000, 300_000] as const;
/** Spec §9: the spot list shows the first results only. */
export const SPOT_LIST_MAX = 50;
/** Violations kept in the list, the most recent first. */
export const VIOLATIONS_KEPT = 50;

export interface LiveState {
  targets: Readonly<Record<string, LiveTarget>>;
  violations: Readonly<Record<string, LiveViolation>>;
  /** The latest conformance state of each flying target shown, by target key. */
  conformance: Readonly<Record<string, LiveConformance>>;
}

export type LiveAction =
  | { type: 'snapshot'; snapshot: LiveSnapshot }
  | { type: 'delta'; delta: LiveDelta }
  | { type: 'violation'; violation: LiveViolation }
  | { type: 'conformance'; conformance: LiveConformance }
  | { type: 'prune'; now: number; staleMs: number }
  | { type: 'reset' };

export const EMPTY_LIVE_STATE: LiveState = { targets: {}, violations: {}, conformance: {} };

function byKey<T>(items: readonly T[], key: (item: T) => string): Record<string, T> {
  return Object.fromEntries(items.map((item) => [key(item), item]));
}

/** The states of the targets still shown. */
function keepShown(conformance: LiveState['conformance'], targets: LiveState['targets']): LiveState['conformance'] {
  const kept = Object.entries(conformance).filter(([key]) => key in targets);
  return kept.length === Object.keys(conformance).length ? conformance : Object.fromEntries(kept);
}

function keepRecentViolations(violations: Record<string, LiveViolation>): Record<string, LiveViolation> {
  const list = Object.values(violations);
  if (list.length <= VIOLATIONS_KEPT) return violations;
  return byKey(sortViolations(list).slice(0, VIOLATIONS_KEPT), (violation) => violation.id);
}

export function isStale(target: LiveTarget, now: number, staleMs: number): boolean {
  return now - Date.parse(target.time) > staleMs;
}

/**
 * The live map's state from the stream: a snapshot replaces everything (a new connection, a new viewport), a delta
 * upserts and removes targets, a violation is added or updated (its end arrives as an update), `prune` drops the
 * targets older than the staleness even when the server's removal is late or lost.
 */
export function liveReducer(state: LiveState, action: LiveAction): LiveState {
  switch (action.type) {
    case 'snapshot':
      return {
        targets: byKey(action.snapshot.targets, (target) => target.key),
        violations: keepRecentViolations(byKey(action.snapshot.violations, (violation) => violation.id)),
        conformance: keepShown(
          state.conformance,
          byKey(action.snapshot.targets, (target) => target.key),
        ),
      };
    case 'delta': {
      if (!action.delta.upserts.length && !action.delta.removals.length) return state;
      const targets = { ...state.targets };
      for (const key of action.delta.removals) delete targets[key];
      for (const target of action.delta.upserts) {
        const known = targets[target.key];
        // Positions can arrive out of order (two instances, a tracker's batch): the newest wins.
        if (!known || Date.parse(target.time) >= Date.parse(known.time)) targets[target.key] = target;
      }
      return { ...state, targets, conformance: keepShown(state.conformance, targets) };
    }
    case 'violation':
      return { ...state, violations: keepRecentViolations({ ...state.violations, [action.violation.id]: action.violation }) };
    case 'conformance': {
      const known = state.conformance[action.conformance.key];
      if (known && Date.parse(known.time) > Date.parse(action.conformance.time)) return state;
      return { ...state, conformance: { ...state.conformance, [action.conformance.key]: action.conformance } };
    }
    case 'prune': {
      const stale = Object.values(state.targets).filter((target) => isStale(target, action.now, action.staleMs));
      if (!stale.length) return state;
      const targets = { ...state.targets };
      for (const target of stale) delete targets[target.key];
      return { ...state, targets, conformance: keepShown(state.conformance, targets) };
    }
    case 'reset':
      return EMPTY_LIVE_STATE;
  }
}

/** Ongoing violations first, then the most recent. */
export function sortViolations(violations: readonly LiveViolation[]): LiveViolation[] {
  return [...violations].sort(
    (a, b) => Number(a.endedAt !== null) - Number(b.endedAt !== null) || Date.parse(b.startedAt) - Date.parse(a.startedAt),
  );
}

export type Bbox = readonly [west: number, south: number, east: number, north: number];

export function inBbox(target: Pick<LiveTarget, 'lat' | 'lon'>, [west, south, east, north]: Bbox): boolean {
  const lonInside = west <= east ? target.lon >= west && target.lon <= east : target.lon >= west || target.lon <= east;
  return lonInside && target.lat >= south && target.lat <= north;
}

/** The spot list of spec §9: the user's own targets first, then by label; the first `max` and how many more. */
export function spotList(targets: readonly LiveTarget[], max = SPOT_LIST_MAX): { shown: LiveTarget[]; more: number } {
  const sorted = [...targets].sort((a, b) => Number(b.own) - Number(a.own) || (a.label || a.ident).localeCompare(b.label || b.ident));
  return { shown: sorted.slice(0, max), more: Math.max(0, sorted.length - max) };
}
