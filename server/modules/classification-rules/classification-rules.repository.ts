import type { ClassificationRuleUpdate, ClassificationRuleListQuery } from '../../../src/shared/contracts/classification-rules';
import { Prisma, type ClassificationRule, type PrismaClient } from '../../generated/prisma/client';

export type ClassificationRuleRow = ClassificationRule;

const json = (value: unknown) => (value === null || value === undefined ? Prisma.DbNull : (value as Prisma.InputJsonValue));

function data(body: ClassificationRuleUpdate) {
  return {
    title: body.title,
    type: body.type,
    threshold: body.threshold ?? null,
    geometry: json(body.geometry),
    parameters: json(body.parameters),
    impact: body.impact,
    enabled: body.enabled,
  };
}

export function createClassificationRulesRepository(prisma: PrismaClient) {
  return {
    /** A rule of an airspace the user manages, else null. */
    findManaged(userId: string, id: string) {
      return prisma.classificationRule.findFirst({ where: { id, airspace: { managers: { some: { id: userId } } } } });
    },

    async list(userId: string, query: ClassificationRuleListQuery) {
      const where: Prisma.ClassificationRuleWhereInput = {
        airspace: { managers: { some: { id: userId } } },
        ...(query.airspaceId && { airspaceId: query.airspaceId }),
        ...(query.type && { type: query.type }),
        ...(query.impact && { impact: query.impact }),
        ...(query.enabled !== undefined && { enabled: query.enabled }),
        ...(query.search && { title: { contains: query.search, mode: 'insensitive' as const } }),
      };
      const [items, total] = await Promise.all([
        prisma.classificationRule.findMany({
          where,
          orderBy: [{ [query.sort]: query.order }, { id: 'asc' }],
          skip: (query.page - 1) * query.pageSize,
          take: query.pageSize,
        }),
        prisma.classificationRule.count({ where }),
      ]);
      return { items, total };
    },

    create(airspaceId: string, body: ClassificationRuleUpdate) {
      return prisma.classificationRule.create({ data: { ...data(body), airspaceId } });
    },

    update(id: string, body: ClassificationRuleUpdate) {
      return prisma.classificationRule.update({ where: { id }, data: data(body) });
    },

    async remove(id: string) {
      await prisma.classificationRule.delete({ where: { id } });
    },
  };
}

export type ClassificationRulesRepository = ReturnType<typeof createClassificationRulesRepository>;
