import type pg from 'pg';
import { prepared } from '../../lib/prepared';
import type { AutomationRuleRow } from '../automation-rules/automation-rules.repository';
import type { ClassificationRuleRow } from '../classification-rules/classification-rules.repository';

// Read at every filing, on the path the operator waits on: one prepared statement rather than Prisma calls
// (docs/performance.md). Both lists come as JSON, so one round trip reads them; the columns are those of the Prisma
// models, enums as text, and the times (JSON text in UTC, without a zone) are read back as dates.
const ENABLED_RULES = `
  SELECT
    (SELECT coalesce(json_agg(rule ORDER BY rule."createdAt"), '[]'::json) FROM (
       SELECT id, "airspaceId", title, type::text AS type, threshold, geometry, parameters, impact::text AS impact, enabled,
              "createdAt", "updatedAt"
         FROM "ClassificationRule" WHERE "airspaceId" = $1::uuid AND enabled) rule) AS classification,
    (SELECT coalesce(json_agg(rule), '[]'::json) FROM (
       SELECT id, "airspaceId", title, mode::text AS mode, range, "impactLevels"::text[] AS "impactLevels", "customReply",
              restrictions, enabled, priority, version, "createdAt", "updatedAt"
         FROM "AutomationRule" WHERE "airspaceId" = $1::uuid AND enabled) rule) AS automation`;

type Timed<Row> = Omit<Row, 'createdAt' | 'updatedAt'> & { createdAt: string; updatedAt: string };
const dated = <Row extends { createdAt: Date; updatedAt: Date }>(row: Timed<Row>) =>
  ({ ...row, createdAt: new Date(`${row.createdAt}Z`), updatedAt: new Date(`${row.updatedAt}Z`) }) as Row;

export function createAutomationRepository(pool: pg.Pool) {
  return {
    /** The airspace's enabled classification rules (oldest first) and automation rules, as Prisma would read them. */
    async enabledRules(airspaceId: string): Promise<[ClassificationRuleRow[], AutomationRuleRow[]]> {
      const { rows } = await prepared<{ classification: Timed<ClassificationRuleRow>[]; automation: Timed<AutomationRuleRow>[] }>(
        pool,
        'enabled-rules',
        ENABLED_RULES,
        [airspaceId],
      );
      const [{ classification, automation }] = rows as [(typeof rows)[number]];
      return [classification.map(dated<ClassificationRuleRow>), automation.map(dated<AutomationRuleRow>)];
    },
  };
}

export type AutomationRepository = ReturnType<typeof createAutomationRepository>;
