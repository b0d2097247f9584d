import type pg from 'pg';
import { prepared } from '../../lib/prepared';
import type { AutomationRuleRow } from '../automation-rules/automation-rules.repository';
import type { ClassificationRuleRow } from '../classification-rules/classification-rules.repository';

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

export function createAutomationRepository(pool: pg.Pool) {
  return {
    /** The airspace's enabled classification rules (oldest first) and automation rules, as Prisma would read them. */
    enabledRules(airspaceId: string): Promise<[ClassificationRuleRow[], AutomationRuleRow[]]> {
      return Promise.all([
        prepared<ClassificationRuleRow>(pool, 'classification-rules', ENABLED_CLASSIFICATION_RULES, [airspaceId]).then(
          (result) => result.rows,
        ),
        prepared<AutomationRuleRow>(pool, 'automation-rules', ENABLED_AUTOMATION_RULES, [airspaceId]).then((result) => result.rows),
      ]);
    },
  };
}

export type AutomationRepository = ReturnType<typeof createAutomationRepository>;
