import { decide, type AutomaticDecision } from '../../../src/shared/domain/request-automation';
import type { MissionSnapshot, Restriction } from '../../../src/shared/contracts/requests';
import { classify, needsZones, type Classification, type ImpactLevel } from '../../../src/shared/domain/request-impact';
import type pg from 'pg';
import type { AppContext } from '../../context';
import type { AutomationRule, ClassificationRule } from '../../generated/prisma/client';
import { prepared } from '../../lib/prepared';
import { toAutomationInput } from '../automation-rules/automation-rules.mapper';
import { toRuleInput } from '../classification-rules/classification-rules.mapper';
import { touchedZones } from './touched-zones';

/** Stored in PermissionRequest.classification: every enabled rule tried, whether it matched, and the answer. */
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

// Read at every filing, on the path the operator waits on: prepared statements rather than Prisma calls
// (docs/performance.md). The columns are those of the Prisma models, enums as text.
const ENABLED_CLASSIFICATION_RULES = `
  SELECT id, "airspaceId", title, type::text AS type, threshold, geometry, parameters, impact::text AS impact, enabled,
         "createdAt", "updatedAt"
    FROM "ClassificationRule" WHERE "airspaceId" = $1::uuid AND enabled ORDER BY "createdAt"`;
const ENABLED_AUTOMATION_RULES = `
  SELECT id, "airspaceId", title, mode::text AS mode, range, "impactLevels"::text[] AS "impactLevels", "customReply",
         restrictions, enabled, priority, version, "createdAt", "updatedAt"
    FROM "AutomationRule" WHERE "airspaceId" = $1::uuid AND enabled`;

async function enabledRules(pool: pg.Pool, airspaceId: string) {
  return Promise.all([
    prepared<ClassificationRule>(pool, 'classification-rules', ENABLED_CLASSIFICATION_RULES, [airspaceId]).then((result) => result.rows),
    prepared<AutomationRule>(pool, 'automation-rules', ENABLED_AUTOMATION_RULES, [airspaceId]).then((result) => result.rows),
  ]);
}

/**
 * Classifies a filed request with its airspace's enabled classification rules, then lets the first enabled automation
 * rule (by priority) that applies answer it. Reads only the snapshot: the mission may change after filing.
 */
export async function evaluateRequest(
  ctx: AppContext,
  input: { airspaceId: string; missionSnapshot: MissionSnapshot; submittedAt: Date },
): Promise<Evaluation> {
  const [classificationRows, automationRows] = await enabledRules(ctx.pool, input.airspaceId);
  const rules = classificationRows.map(toRuleInput);
  const zones = needsZones(rules) ? await touchedZones(ctx.zones, input.missionSnapshot) : null;
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
