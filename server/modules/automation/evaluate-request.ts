import { decide, type AutomaticDecision } from '../../../src/shared/domain/request-automation';
import type { MissionSnapshot, Restriction } from '../../../src/shared/contracts/requests';
import { classify, needsZones, type Classification, type ImpactLevel } from '../../../src/shared/domain/request-impact';
import { toAutomationInput } from '../automation-rules/automation-rules.mapper';
import { toRuleInput } from '../classification-rules/classification-rules.mapper';
import type { ZonesService } from '../../zones/zones.service';
import type { AutomationRepository } from './automation.repository';
import { touchedZones } from './touched-zones';

/** Stored in Request.classification: every enabled rule tried, whether it matched, and the answer. */
export interface StoredClassification extends Classification {
  zoneCount: number | null;
  automation: { ruleId: string; ruleVersion: number; title: string } | null;
  evaluatedAt: string;
}

export interface Evaluation {
  impactLevel: ImpactLevel;
  classification: StoredClassification;
  decision: AutomaticDecision<Restriction> | null;
}

export interface RequestEvaluatorDeps {
  repository: Pick<AutomationRepository, 'enabledRules'>;
  zones: ZonesService;
}

export type EvaluationInput = { airspaceId: string; missionSnapshot: MissionSnapshot; submittedAt: Date };

export function createRequestEvaluator(deps: RequestEvaluatorDeps) {
  const { repository } = deps;
  /**
   * Classifies a filed request with its airspace's enabled classification rules, then lets the first enabled automation
   * rule (by priority) that applies answer it. Reads only the snapshot: the mission may change after filing.
   */
  async function evaluateRequest(input: EvaluationInput, read = repository.enabledRules(input.airspaceId)): Promise<Evaluation> {
    const [classificationRows, automationRows] = await read;
    const rules = classificationRows.map(toRuleInput);
    const zones = needsZones(rules) ? await touchedZones(deps.zones, input.missionSnapshot) : null;
    const classification = classify(rules, input.missionSnapshot, zones ?? []);
    const automationRules = automationRows.map((row) => toAutomationInput<Restriction>(row));
    const decision = decide(automationRules, input.missionSnapshot, classification.impactLevel);
    const decidingRule = decision ? automationRules.find((rule) => rule.id === decision.ruleId) : undefined;
    return {
      impactLevel: classification.impactLevel,
      classification: {
        ...classification,
        zoneCount: zones?.length ?? null,
        automation:
          decision && decidingRule ? { ruleId: decision.ruleId, ruleVersion: decision.ruleVersion, title: decidingRule.title } : null,
        evaluatedAt: input.submittedAt.toISOString(),
      },
      decision,
    };
  }
  return Object.assign(evaluateRequest, {
    /**
     * Starts reading the airspace's enabled rules at once, beside the caller's own reads (the filing reads the mission
     * and the airspace meanwhile: one round trip fewer on the operator's wait); the answer evaluates against them.
     */
    prepare(airspaceId: string) {
      const read = repository.enabledRules(airspaceId);
      // A filing refused before its evaluation never awaits the read: its failure then concerns no one.
      read.catch(() => undefined);
      return (input: Omit<EvaluationInput, 'airspaceId'>) => evaluateRequest({ ...input, airspaceId }, read);
    },
  });
}
