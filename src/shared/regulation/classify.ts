import { z } from 'zod';
import {
  BLOCKER_CODES,
  BLOCKERS_WITHOUT_AUTHORISATION_PATH,
  COUNTRIES,
  OPEN_SUBCATEGORIES,
  REQUIREMENT_CODES,
  SPECIFIC_SCENARIOS,
  mostRestrictive,
  type BlockerCode,
  type Category,
  type ClassMark,
  type Country,
  type JpCategory,
  type OpenSubcategory,
  type Overview,
  type RequirementCode,
  type SpecificScenario,
  type Subcategory,
} from './codes';
import { geozoneFactSchema, missionFactsSchema, type GeozoneFact, type MissionFacts } from './facts';
import { rawGeozoneFacts, type GeoidModel } from './raw-geozone';
import { RegulationError } from './regulation-error';
import {
  STAGES,
  type DraftView,
  type Evaluation,
  type NationalProfile,
  type NoticeFigures,
  type RegulationRule,
  type RuleContext,
} from './rule';
import { assertEuRulesApply, euRules } from './rules/eu';
import { frProfile, frRules } from './rules/fr';
import { geozoneRules } from './rules/geozones';
import { jpRules } from './rules/jp';
import { assertLuNational2020Applies, isLuNational2020, luNational2020Rules, luRules } from './rules/lu';
import { mcRules } from './rules/mc';
import type { RuleResult, Verdict } from './verdict';

export interface ClassifyOptions {
  /** Today (ISO date or date-time): the reference for notices when the facts carry no submission date. */
  nowISO?: string;
  /** Converts the WGS84 limits of a raw `geozone` fact to AMSL; without it they are read as AMSL. */
  geoid?: GeoidModel;
}

interface Regime {
  readonly rules: readonly RegulationRule[];
  readonly profile: NationalProfile;
  readonly assertApplies?: (facts: MissionFacts) => void;
}

const EU_PROFILE: NationalProfile = { openMinPilotAge: 16, specificMinPilotAge: 16 };

const REGIMES: Readonly<Record<Country, Regime>> = {
  EU: { rules: [...euRules, ...geozoneRules], profile: EU_PROFILE, assertApplies: assertEuRulesApply },
  FR: { rules: [...euRules, ...frRules, ...geozoneRules], profile: frProfile, assertApplies: assertEuRulesApply },
  LU: { rules: [...euRules, ...luRules, ...geozoneRules], profile: EU_PROFILE, assertApplies: assertEuRulesApply },
  JP: { rules: [...jpRules, ...geozoneRules], profile: EU_PROFILE },
  MC: { rules: [...mcRules, ...geozoneRules], profile: EU_PROFILE },
};

/** Luxembourg before the EU rules: the national regime of the 2020 authorisation window (spec domain §5). */
const LU_NATIONAL_2020: Regime = {
  rules: [...luNational2020Rules, ...geozoneRules],
  profile: EU_PROFILE,
  assertApplies: assertLuNational2020Applies,
};

/** The regime of `country` at the mission date. */
function regimeOf(country: Country, facts: MissionFacts): Regime {
  return country === 'LU' && isLuNational2020(facts) ? LU_NATIONAL_2020 : REGIMES[country];
}

/** Every rule evaluated for a country, in evaluation order. */
export function rulesFor(country: Country): readonly RegulationRule[] {
  const { rules } = REGIMES[country];
  return STAGES.flatMap((stage) => rules.filter((rule) => rule.stage === stage));
}

/** Every rule of every country and dated regime, once. */
export function allRules(): readonly RegulationRule[] {
  return [...new Set([...COUNTRIES.flatMap((country) => rulesFor(country)), ...LU_NATIONAL_2020.rules])];
}

const nowSchema = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);

function resolveCountry(country: string | null | undefined): Country {
  const code = country?.trim().toUpperCase();
  if (!code) throw new RegulationError('COUNTRY_UNDETERMINED');
  const supported = COUNTRIES.find((candidate) => candidate === code);
  if (supported === undefined) throw new RegulationError('REGULATION_NOT_SUPPORTED');
  return supported;
}

/**
 * Geozone facts that passed validation and cannot change since (frozen, flat): the server shares one per stored zone
 * volume between classifications, so each is validated once rather than at every classification.
 */
const validGeozones = new WeakSet<object>();
const isKnownValid = (zone: unknown) => typeof zone === 'object' && zone !== null && validGeozones.has(zone);

/**
 * Validates frozen geozone facts ahead of any classification (the server does it when a zone set is loaded): each valid
 * one is known from then on, so the first mission to touch a zone does not pay for its validation. Invalid ones are
 * left out, to be refused by the classification that gets them.
 */
export function validateGeozoneFacts(geozones: readonly GeozoneFact[]): void {
  for (const zone of geozones) if (Object.isFrozen(zone) && geozoneFactSchema.safeParse(zone).success) validGeozones.add(zone);
}

/** Remembers the frozen geozones of facts that passed validation. */
function rememberValid(geozones: readonly unknown[]) {
  for (const zone of geozones) if (typeof zone === 'object' && zone !== null && Object.isFrozen(zone)) validGeozones.add(zone);
}

function parseFacts(facts: unknown): MissionFacts {
  const geozones = (facts as { geozones?: unknown } | null | undefined)?.geozones;
  if (Array.isArray(geozones) && geozones.some(isKnownValid)) {
    // Only the geozones not seen before are validated; should the facts fail, the whole is validated again below, so
    // that the error names the same fields (with their places in the array) as without this shortcut.
    const unknown = geozones.filter((zone) => !isKnownValid(zone));
    const parsed = missionFactsSchema.safeParse({ ...(facts as object), geozones: unknown });
    if (parsed.success) {
      rememberValid(unknown);
      const validated = parsed.data.geozones ?? [];
      let next = 0;
      return { ...parsed.data, geozones: geozones.map((zone) => (isKnownValid(zone) ? (zone as GeozoneFact) : validated[next++]!)) };
    }
  }
  const parsed = missionFactsSchema.safeParse(facts);
  if (parsed.success) {
    if (parsed.data.geozones !== undefined) rememberValid(geozones as unknown[]);
    return parsed.data;
  }
  const fields = [...new Set(parsed.error.issues.map((issue) => issue.path.join('.')))];
  throw new RegulationError('INSUFFICIENT_DATA', fields);
}

function parseNow(nowISO: string | undefined): string | undefined {
  if (nowISO === undefined) return undefined;
  if (!nowSchema.safeParse(nowISO).success) throw new RegulationError('INSUFFICIENT_DATA', ['nowISO']);
  return nowISO.slice(0, 10);
}

class Draft implements DraftView {
  category: Category = 'OPEN';
  openSubcategory: OpenSubcategory | undefined;
  scenario: SpecificScenario | undefined;
  jpCategory: JpCategory | undefined;
  transitional = false;
  notice: NoticeFigures = {};
  readonly requirements = new Set<RequirementCode>();
  readonly blockers = new Set<BlockerCode>();
  readonly capsM: number[] = [];

  get subcategory(): Subcategory | undefined {
    if (this.category === 'OPEN') return this.openSubcategory;
    return this.category === 'SPECIFIC' ? this.scenario : undefined;
  }

  raise(category: Category): void {
    this.category = mostRestrictive(this.category, category);
  }

  hasRequirement(code: RequirementCode): boolean {
    return this.requirements.has(code);
  }

  addBlockers(evaluation: Evaluation): void {
    for (const blocker of evaluation.blockers ?? []) this.blockers.add(blocker);
  }

  apply(evaluation: Evaluation): void {
    if (evaluation.category !== undefined) this.raise(evaluation.category);
    this.addBlockers(evaluation);
    for (const requirement of evaluation.requirements ?? []) this.requirements.add(requirement);
    if (evaluation.maxHeightM !== undefined) this.capsM.push(evaluation.maxHeightM);
    if (evaluation.transitional === true) this.transitional = true;
    if (evaluation.jpCategory !== undefined) this.jpCategory = evaluation.jpCategory;
    if (evaluation.notice !== undefined) this.notice = { ...this.notice, ...evaluation.notice };
  }
}

interface Evaluated {
  readonly rule: RegulationRule;
  readonly evaluation: Evaluation;
}

function isCandidateRule(rule: RegulationRule): boolean {
  return rule.eligibilityOf !== undefined || rule.conditionOf !== undefined;
}

function concerns(rule: RegulationRule, candidate: Subcategory): boolean {
  return rule.eligibilityOf === candidate || (rule.conditionOf?.includes(candidate) ?? false);
}

function isAvailable(candidate: Subcategory, evaluated: readonly Evaluated[]): boolean {
  const related = evaluated.filter(({ rule }) => concerns(rule, candidate));
  return (
    related.some(({ rule, evaluation }) => rule.eligibilityOf === candidate && evaluation.outcome === 'pass') &&
    related.every(({ evaluation }) => evaluation.outcome !== 'fail')
  );
}

/**
 * A1 first (fewest constraints). Between A2 and A3 the mission is OPEN either way; A3 needs only the online exam,
 * so A2 is chosen when A3 is not available or when the pilot already holds the A2 certificate.
 */
function pickOpenSubcategory(evaluated: readonly Evaluated[], facts: MissionFacts): OpenSubcategory | undefined {
  const available = OPEN_SUBCATEGORIES.filter((candidate) => isAvailable(candidate, evaluated));
  if (available.includes('A1')) return 'A1';
  if (available.includes('A2') && (!available.includes('A3') || facts.pilotCertificates.includes('A2_COC'))) return 'A2';
  return available.includes('A3') ? 'A3' : undefined;
}

/** A national scenario is only evaluated when the operator asked for it, so it comes before the STS. */
function pickSpecificScenario(evaluated: readonly Evaluated[]): SpecificScenario | undefined {
  return SPECIFIC_SCENARIOS.find((candidate) => isAvailable(candidate, evaluated));
}

function settleCandidates(picked: Subcategory | undefined, candidates: readonly Evaluated[], draft: Draft): void {
  if (picked === undefined) {
    for (const { evaluation } of candidates) draft.addBlockers(evaluation);
    return;
  }
  for (const { rule, evaluation } of candidates) if (concerns(rule, picked)) draft.apply(evaluation);
}

function settleOpenStage(candidates: readonly Evaluated[], draft: Draft, facts: MissionFacts): void {
  const picked = pickOpenSubcategory(candidates, facts);
  if (picked === undefined) draft.raise('SPECIFIC');
  else if (draft.category !== 'OPEN') return;
  draft.openSubcategory = picked;
  settleCandidates(picked, candidates, draft);
}

/** The national scenario the operator declared (`FR-S2` → `S-2`), whose rules are the only ones evaluated for it. */
const DECLARED_SCENARIOS: Readonly<Record<NonNullable<MissionFacts['scenario']>, SpecificScenario>> = {
  'FR-S1': 'S-1',
  'FR-S2': 'S-2',
  'FR-S3': 'S-3',
};

function settleSpecificStage(candidates: readonly Evaluated[], draft: Draft, facts: MissionFacts): void {
  if (draft.category !== 'SPECIFIC') return;
  const picked = pickSpecificScenario(candidates);
  draft.scenario = picked;
  settleCandidates(picked, candidates, draft);
  // A declared scenario that is not available still says how high its flight may go: a 3 kg S-2 flight at 80 m is
  // blocked and capped at 50 m, not left with the general 120 m (spec domain §5 "50 m for 2 kg or more").
  const declared = facts.scenario === undefined ? undefined : DECLARED_SCENARIOS[facts.scenario];
  if (picked !== undefined || declared === undefined) return;
  for (const { rule, evaluation } of candidates)
    if (concerns(rule, declared) && evaluation.maxHeightM !== undefined) draft.capsM.push(evaluation.maxHeightM);
}

function toResult({ rule, evaluation }: Evaluated): RuleResult {
  return {
    id: rule.id,
    catalogueCode: rule.catalogueCode,
    outcome: evaluation.outcome,
    labelKey: rule.labelKey,
    source: rule.source,
    ...(evaluation.subjects === undefined ? {} : { subjects: [...evaluation.subjects] }),
    ...(evaluation.params === undefined ? {} : { params: { ...evaluation.params } }),
  };
}

function definedOnly<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as T;
}

/** Art. 20: a legacy aircraft flies the open category only in its limited form; Luxembourg names the full one "generic". */
function overviewOf(code: Country, category: Category, classMark: ClassMark): Overview | undefined {
  if (category !== 'OPEN' || code === 'JP' || code === 'MC') return undefined;
  if (classMark === 'none') return 'OPEN_LIMITED';
  return code === 'LU' ? 'GENERIC' : undefined;
}

/**
 * Classifies a mission under the regulation of `country` as it stands on the mission date (`facts.dateISO`).
 * Pure: no clock and no I/O; "today" only comes in through `options.nowISO`.
 * Throws a RegulationError for an undetermined or unsupported country, unusable facts, or a contradictory class mark.
 */
export function classify(country: string | null | undefined, facts: MissionFacts, options: ClassifyOptions = {}): Verdict {
  const code = resolveCountry(country);
  const parsedFacts = parseFacts(facts);
  const regime = regimeOf(code, parsedFacts);
  const fromRawZone = rawGeozoneFacts(parsedFacts, options.geoid);
  const missionFacts: MissionFacts =
    fromRawZone.length === 0 ? parsedFacts : { ...parsedFacts, geozones: [...(parsedFacts.geozones ?? []), ...fromRawZone] };
  const nowISO = parseNow(options.nowISO);
  regime.assertApplies?.(missionFacts);

  const draft = new Draft();
  const context: RuleContext = { country: code, facts: missionFacts, profile: regime.profile, nowISO, draft };
  const results: RuleResult[] = [];

  for (const stage of STAGES) {
    const evaluated = regime.rules.filter((rule) => rule.stage === stage).map((rule) => ({ rule, evaluation: rule.evaluate(context) }));
    for (const entry of evaluated) if (!isCandidateRule(entry.rule)) draft.apply(entry.evaluation);
    const candidates = evaluated.filter(({ rule }) => isCandidateRule(rule));
    // Only the EU regimes have candidate rules; JP and MC decide their category with plain rules.
    if (stage === 'open' && candidates.length > 0) settleOpenStage(candidates, draft, missionFacts);
    if (stage === 'specific' && candidates.length > 0) settleSpecificStage(candidates, draft, missionFacts);
    results.push(...evaluated.map(toResult));
  }
  if (BLOCKERS_WITHOUT_AUTHORISATION_PATH.some((blocker) => draft.blockers.has(blocker))) draft.raise('FORBIDDEN');

  return definedOnly({
    country: code,
    dateISO: missionFacts.dateISO,
    category: draft.category,
    subcategory: draft.subcategory,
    overview: overviewOf(code, draft.category, missionFacts.classMark),
    transitional: draft.transitional,
    requirements: REQUIREMENT_CODES.filter((requirement) => draft.requirements.has(requirement)),
    blockers: BLOCKER_CODES.filter((blocker) => draft.blockers.has(blocker)),
    maxHeightM: draft.capsM.length === 0 ? null : Math.min(...draft.capsM),
    ...draft.notice,
    jpCategory: draft.jpCategory,
    rules: results,
  });
}
