// Automatic answers (spec domain §3 "Automation rule"): which rule answers a classified request, and how.
// The range model and the order of the rules are ours (docs/request-automation.md).
import { TZDate } from '@date-fns/tz';
import type { ImpactLevel } from './request-impact';

export const AUTOMATION_MODES = ['acceptAuto', 'denyAuto'] as const;
export type AutomationMode = (typeof AUTOMATION_MODES)[number];

/** ISO weekday numbers: 1 Monday … 7 Sunday. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** Dates, weekdays and hours are read in this time zone, the platform's (French airspaces). */
export const RANGE_TIME_ZONE = 'Europe/Paris';

/**
 * Which missions a rule applies to; every field given must hold, an empty range applies to all.
 * Dates are YYYY-MM-DD and hours HH:MM, local time of RANGE_TIME_ZONE.
 */
export interface AutomationRange {
  /** First day the mission may start (inclusive). */
  fromDate?: string | null;
  /** Last day the mission may end (inclusive). */
  toDate?: string | null;
  /** Every day the mission covers must be one of these. */
  weekdays?: number[] | null;
  /** With `toTime`: the mission starts and ends on the same day, between these hours (inclusive). */
  fromTime?: string | null;
  toTime?: string | null;
  /** The mission's maximum height must not exceed this. */
  maxHeightM?: number | null;
  /** The mission must not last longer than this. */
  maxDurationMin?: number | null;
}

export interface RangeMission {
  startAt: string | null;
  endAt: string | null;
  maxHeightM: number | null;
}

export type RangeMismatch = 'dates' | 'weekdays' | 'hours' | 'height' | 'duration' | 'missingDates' | 'missingHeight';

interface LocalParts {
  date: string;
  weekday: number;
  minutes: number;
}

/** The Paris calendar date, ISO weekday (Monday 1 … Sunday 7) and minutes since local midnight of `instant`. */
export function localParts(instant: Date): LocalParts {
  const local = new TZDate(instant, RANGE_TIME_ZONE);
  return {
    date: `${local.getFullYear()}-${String(local.getMonth() + 1).padStart(2, '0')}-${String(local.getDate()).padStart(2, '0')}`,
    weekday: local.getDay() || 7,
    minutes: local.getHours() * 60 + local.getMinutes(),
  };
}

export function minutesOfTime(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return hours! * 60 + minutes!;
}

/**
 * The local days a mission covers, first to last (a mission of several weeks lists each weekday once at most). The days
 * are stepped on the Paris calendar, not by 24 hours: a night across a clock change keeps its Sunday.
 */
function weekdaysCovered(start: Date, end: Date): Set<number> {
  const days = new Set<number>();
  const last = localParts(end).date;
  for (const day = new TZDate(start, RANGE_TIME_ZONE); days.size < 7; day.setDate(day.getDate() + 1)) {
    const parts = localParts(day);
    if (parts.date > last) break;
    days.add(parts.weekday);
  }
  return days;
}

/** Why a mission falls outside a range, or null when the range applies to it. */
export function rangeMismatch(range: AutomationRange | null, mission: RangeMission): RangeMismatch | null {
  if (!range) return null;
  const needsDates = Boolean(
    range.fromDate || range.toDate || range.weekdays?.length || range.fromTime || range.toTime || range.maxDurationMin != null,
  );
  if (range.maxHeightM != null) {
    if (mission.maxHeightM === null) return 'missingHeight';
    if (mission.maxHeightM > range.maxHeightM) return 'height';
  }
  if (!needsDates) return null;
  if (!mission.startAt || !mission.endAt) return 'missingDates';
  const start = new Date(mission.startAt);
  const end = new Date(mission.endAt);
  const startParts = localParts(start);
  const endParts = localParts(end);
  if (range.fromDate && startParts.date < range.fromDate) return 'dates';
  if (range.toDate && endParts.date > range.toDate) return 'dates';
  if (range.weekdays?.length) {
    const allowed = new Set(range.weekdays);
    for (const day of weekdaysCovered(start, end)) if (!allowed.has(day)) return 'weekdays';
  }
  if (range.fromTime || range.toTime) {
    if (startParts.date !== endParts.date) return 'hours';
    if (range.fromTime && startParts.minutes < minutesOfTime(range.fromTime)) return 'hours';
    if (range.toTime && endParts.minutes > minutesOfTime(range.toTime)) return 'hours';
  }
  if (range.maxDurationMin != null && (end.getTime() - start.getTime()) / 60_000 > range.maxDurationMin) return 'duration';
  return null;
}

/** An empty list of impact levels applies to every level. */
export function impactMatches(levels: readonly ImpactLevel[], impact: ImpactLevel | null): boolean {
  return levels.length === 0 || (impact !== null && levels.includes(impact));
}

export interface AutomationRuleInput<R> {
  id: string;
  title: string;
  mode: AutomationMode;
  range: AutomationRange | null;
  impactLevels: ImpactLevel[];
  customReply: string | null;
  restrictions: R[];
  enabled: boolean;
  priority: number;
  version: number;
  createdAt: Date;
}

export type AutomaticStatus = 'autoAccepted' | 'autoAcceptedWithRestrictions' | 'autoRejected';

export interface AutomaticDecision<R> {
  status: AutomaticStatus;
  ruleId: string;
  ruleVersion: number;
  restrictions: R[];
  reply: string | null;
}

/** The answer a rule gives to a request it applies to. */
export function decisionOf<R>(rule: AutomationRuleInput<R>): AutomaticDecision<R> {
  const status: AutomaticStatus =
    rule.mode === 'denyAuto' ? 'autoRejected' : rule.restrictions.length > 0 ? 'autoAcceptedWithRestrictions' : 'autoAccepted';
  return {
    status,
    ruleId: rule.id,
    ruleVersion: rule.version,
    restrictions: rule.mode === 'acceptAuto' ? rule.restrictions : [],
    reply: rule.customReply,
  };
}

export function ruleApplies<R>(rule: AutomationRuleInput<R>, mission: RangeMission, impact: ImpactLevel | null): boolean {
  return impactMatches(rule.impactLevels, impact) && rangeMismatch(rule.range, mission) === null;
}

/** Lower priority first, then the older rule: the order in which rules are tried. */
export function byPriority<T extends { priority: number; createdAt: Date; id: string }>(a: T, b: T): number {
  return a.priority - b.priority || a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id);
}

/** The first enabled rule (by priority) that applies decides; none applies → the request waits for a manager. */
export function decide<R>(
  rules: readonly AutomationRuleInput<R>[],
  mission: RangeMission,
  impact: ImpactLevel | null,
): AutomaticDecision<R> | null {
  const rule = [...rules]
    .filter((candidate) => candidate.enabled)
    .sort(byPriority)
    .find((candidate) => ruleApplies(candidate, mission, impact));
  return rule ? decisionOf(rule) : null;
}
