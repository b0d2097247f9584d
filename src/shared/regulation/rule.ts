import type { BlockerCode, Category, Country, JpCategory, RequirementCode, RuleOutcome, Subcategory } from './codes';
import type { MissionFacts } from './facts';

/**
 * Rules run stage by stage; inside a stage every rule sees the same draft, so rules of one stage never depend
 * on each other. Category changes other than FORBIDDEN happen by the `national` stage, so that the SPECIFIC
 * scenarios, the requirements and the pilot age see the final category.
 */
export const STAGES = ['gate', 'open', 'national', 'specific', 'requirements', 'age', 'zones', 'notice'] as const;
export type Stage = (typeof STAGES)[number];

export interface NationalProfile {
  /** Art. 9(3)(a): a Member State may lower the OPEN minimum age by up to 4 years on its territory. */
  readonly openMinPilotAge: number;
  readonly specificMinPilotAge: number;
}

export interface NoticeFigures {
  noticeWorkingDays?: number;
  noticeDays?: number;
  noticeSatisfied?: boolean;
  earliestFlightDateISO?: string;
  latestSubmissionDateISO?: string;
}

/** What the rules of earlier stages decided. */
export interface DraftView {
  readonly category: Category;
  readonly subcategory: Subcategory | undefined;
  readonly jpCategory: JpCategory | undefined;
  hasRequirement(code: RequirementCode): boolean;
}

export interface RuleContext {
  readonly country: Country;
  readonly facts: MissionFacts;
  readonly profile: NationalProfile;
  /** "Today" as passed by the caller: the reference date for notices when no submission date is known. */
  readonly nowISO: string | undefined;
  readonly draft: DraftView;
}

export interface Evaluation {
  readonly outcome: RuleOutcome;
  /** Minimum category this rule imposes. */
  readonly category?: Category;
  readonly blockers?: readonly BlockerCode[];
  readonly requirements?: readonly RequirementCode[];
  /** Height cap in metres. */
  readonly maxHeightM?: number;
  readonly transitional?: boolean;
  readonly jpCategory?: JpCategory;
  readonly notice?: NoticeFigures;
  readonly subjects?: readonly string[];
  readonly params?: Readonly<Record<string, string | number | boolean>>;
}

export interface RegulationRule {
  readonly id: string;
  readonly catalogueCode: string;
  readonly labelKey: string;
  readonly source: string;
  readonly stage: Stage;
  /**
   * Candidate rules (stages `open` and `specific`): a subcategory or scenario is available when a rule with
   * `eligibilityOf` it passes and no rule naming it (in `eligibilityOf` or `conditionOf`) fails. The classifier
   * picks one available candidate; candidate rules' requirements and caps count only for the one picked, their
   * blockers only when none can be picked.
   */
  readonly eligibilityOf?: Subcategory;
  readonly conditionOf?: readonly Subcategory[];
  evaluate(context: RuleContext): Evaluation;
}

export function defineRule(rule: Omit<RegulationRule, 'labelKey'>): RegulationRule {
  return { ...rule, labelKey: `regulation:rules.${rule.id}` };
}

export const notApplicable: Evaluation = { outcome: 'notApplicable' };
