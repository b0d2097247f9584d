import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { automationRuleSchema } from '../../src/shared/contracts/automation-rules';
import { classificationRuleSchema } from '../../src/shared/contracts/classification-rules';
import { toAutomationRuleDto } from '../../server/modules/automation-rules/automation-rules.mapper';
import { createAutomationRepository } from '../../server/modules/automation/automation.repository';
import { createRequestEvaluator } from '../../server/modules/automation/evaluate-request';
import { toClassificationRuleDto } from '../../server/modules/classification-rules/classification-rules.mapper';
import { createTestApp, type TestApp } from '../setup/test-app';
import { areaSquare, createAirspace, missionFacts, NEAR_ORLY } from './automation-support';
import { CLOCK_START } from './support';
import { readSeedFile } from './zones-support';

describe('evaluateRequest: classification and automatic answer of a filed request', () => {
  let t: TestApp;
  let evaluateRequest: ReturnType<typeof createRequestEvaluator>;

  beforeAll(async () => {
    t = await createTestApp();
    const france = JSON.parse(readSeedFile('fr-ed269.json')) as { features: { name: string }[] };
    const orly = { ...france, features: france.features.filter((zone) => zone.name.includes('PARIS ORLY')) };
    await t.ctx.zones.importFile(JSON.stringify(orly), { dataset: 'orly' });
    evaluateRequest = createRequestEvaluator({ repository: createAutomationRepository(t.ctx.pool), zones: t.ctx.zones });
  }, 60_000);
  afterAll(() => t.close());
  beforeEach(() => t.clock.set(CLOCK_START));

  const submittedAt = new Date('2026-06-20T08:00:00Z');

  it('rates the request with the highest impact among its airspace’s enabled matching rules and records each rule', async () => {
    const airspace = await createAirspace(t.db.prisma);
    await t.db.prisma.classificationRule.createMany({
      data: [
        { airspaceId: airspace.id, title: 'Above 80 m', type: 'heightOver', threshold: 80, impact: 'medium' },
        { airspaceId: airspace.id, title: 'Longer than 1 h', type: 'durationOver', threshold: 60, impact: 'high' },
        { airspaceId: airspace.id, title: 'Disabled', type: 'surfaceOver', threshold: 0, impact: 'high', enabled: false },
        { airspaceId: airspace.id, title: 'Over 5 km²', type: 'surfaceOver', threshold: 5, impact: 'high' },
      ],
    });

    const result = await evaluateRequest({ airspaceId: airspace.id, missionSnapshot: missionFacts(), submittedAt });

    expect(result.impactLevel).toBe('high');
    expect(result.classification.rules.map((rule) => [rule.title, rule.matched])).toEqual([
      ['Above 80 m', true],
      ['Longer than 1 h', true],
      ['Over 5 km²', false],
    ]);
    expect(result.decision).toBeNull();
  });

  it('counts the geozones the areas touch for zone rules (Orly aerodrome zones)', async () => {
    const airspace = await createAirspace(t.db.prisma);
    await t.db.prisma.classificationRule.createMany({
      data: [
        {
          airspaceId: airspace.id,
          title: 'Aerodrome zones',
          type: 'zoneInteraction',
          parameters: { restrictions: ['REQ_AUTHORISATION'] },
          impact: 'medium',
        },
        { airspaceId: airspace.id, title: 'Many zones', type: 'zoneCountOver', threshold: 50, impact: 'high' },
      ],
    });

    const result = await evaluateRequest({
      airspaceId: airspace.id,
      missionSnapshot: missionFacts({ areas: NEAR_ORLY, maxHeightM: 50 }),
      submittedAt,
    });

    expect(result.impactLevel).toBe('medium');
    expect(result.classification.zoneCount).toBeGreaterThan(0);
    expect(result.classification.rules.map((rule) => rule.matched)).toEqual([true, false]);
  });

  it('lets the first enabled automation rule by priority that applies answer, with its version and reply', async () => {
    const airspace = await createAirspace(t.db.prisma);
    await t.db.prisma.classificationRule.create({
      data: { airspaceId: airspace.id, title: 'Above 80 m', type: 'heightOver', threshold: 80, impact: 'medium' },
    });
    await t.db.prisma.automationRule.create({
      data: { airspaceId: airspace.id, title: 'Deny disabled', mode: 'denyAuto', impactLevels: [], enabled: false, priority: 0 },
    });
    await t.db.prisma.automationRule.create({
      data: { airspaceId: airspace.id, title: 'Deny high', mode: 'denyAuto', impactLevels: ['high'], enabled: true, priority: 1 },
    });
    const accepting = await t.db.prisma.automationRule.create({
      data: {
        airspaceId: airspace.id,
        title: 'Weekday mornings',
        mode: 'acceptAuto',
        impactLevels: ['low', 'medium'],
        range: { weekdays: [1, 2, 3, 4, 5], fromTime: '08:00', toTime: '13:00' },
        restrictions: [{ kind: 'observerRequired' }],
        customReply: 'Keep an observer on site.',
        enabled: true,
        priority: 2,
        version: 4,
      },
    });

    const result = await evaluateRequest({ airspaceId: airspace.id, missionSnapshot: missionFacts(), submittedAt });

    expect(result.decision).toEqual({
      status: 'autoAcceptedWithRestrictions',
      ruleId: accepting.id,
      ruleVersion: 4,
      restrictions: [{ kind: 'observerRequired' }],
      reply: 'Keep an observer on site.',
    });
    expect(result.classification.automation).toEqual({ ruleId: accepting.id, ruleVersion: 4, title: 'Weekday mornings' });
  });

  it('rejects with a denying rule, and leaves a request outside every range to the managers', async () => {
    const airspace = await createAirspace(t.db.prisma);
    await t.db.prisma.classificationRule.create({
      data: {
        airspaceId: airspace.id,
        title: 'Near the runway',
        type: 'radialDistanceBelow',
        threshold: 2000,
        geometry: { type: 'Point', coordinates: [2.17, 48.72] },
        impact: 'high',
      },
    });
    const denying = await t.db.prisma.automationRule.create({
      data: {
        airspaceId: airspace.id,
        title: 'Deny near the runway',
        mode: 'denyAuto',
        impactLevels: ['high'],
        customReply: 'Too close to the runway.',
        enabled: true,
      },
    });

    const near = await evaluateRequest({ airspaceId: airspace.id, missionSnapshot: missionFacts(), submittedAt });
    const far = await evaluateRequest({
      airspaceId: airspace.id,
      missionSnapshot: missionFacts({ areas: areaSquare(2.3, 48.75, 0.01) }),
      submittedAt,
    });

    expect(near.decision).toMatchObject({
      status: 'autoRejected',
      ruleId: denying.id,
      reply: 'Too close to the runway.',
      restrictions: [],
    });
    expect(far.impactLevel).toBe('low');
    expect(far.decision).toBeNull();
  });

  it('reads the enabled rules with its own SQL as Prisma reads them, in the shape of the rule contracts', async () => {
    const airspace = await createAirspace(t.db.prisma);
    await t.db.prisma.classificationRule.createMany({
      data: [
        { airspaceId: airspace.id, title: 'Above 80 m', type: 'heightOver', threshold: 80, impact: 'medium' },
        { airspaceId: airspace.id, title: 'Disabled', type: 'surfaceOver', threshold: 0, impact: 'high', enabled: false },
        {
          airspaceId: airspace.id,
          title: 'Near the mast',
          type: 'radialDistanceBelow',
          threshold: 500,
          geometry: { type: 'Point', coordinates: [2.35, 48.74] },
          impact: 'high',
        },
      ],
    });
    await t.db.prisma.automationRule.create({
      data: {
        airspaceId: airspace.id,
        title: 'Low weekday flights',
        mode: 'acceptAuto',
        range: { weekdays: [1, 2, 3, 4, 5] },
        impactLevels: ['low', 'medium'],
        customReply: 'Keep in sight',
        restrictions: [{ kind: 'maxHeight', maxHeightM: 60 }],
        priority: 2,
      },
    });

    const [classificationRows, automationRows] = await createAutomationRepository(t.ctx.pool).enabledRules(airspace.id);

    expect(classificationRows).toEqual(
      await t.db.prisma.classificationRule.findMany({ where: { airspaceId: airspace.id, enabled: true }, orderBy: { createdAt: 'asc' } }),
    );
    expect(automationRows).toEqual(await t.db.prisma.automationRule.findMany({ where: { airspaceId: airspace.id, enabled: true } }));
    for (const row of classificationRows) classificationRuleSchema.parse(toClassificationRuleDto(row));
    for (const row of automationRows) automationRuleSchema.parse(toAutomationRuleDto({ ...row, airspace: { name: airspace.name } }));
  });
});
