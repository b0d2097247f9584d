import type { ClassificationRuleBody, ClassificationRuleListQuery } from '../../../src/shared/contracts/classification-rules';
import { Prisma } from '../../generated/prisma/client';
import type { AppContext } from '../../context';
import type { AuthUser } from '../../lib/auth-token';
import { AppError } from '../../lib/app-error';
import { assertManages } from '../automation/airspace-access';
import { toClassificationRuleDto } from './classification-rules.mapper';

const json = (value: unknown) => (value === null || value === undefined ? Prisma.DbNull : (value as Prisma.InputJsonValue));

/** Classification rules of the airspaces the user manages (docs/request-automation.md). */
export function createClassificationRulesService(ctx: Pick<AppContext, 'prisma'>) {
  const { prisma } = ctx;

  async function find(user: AuthUser, id: string) {
    const rule = await prisma.classificationRule.findFirst({ where: { id, airspace: { managers: { some: { id: user.id } } } } });
    if (!rule) throw new AppError('NOT_FOUND', 'Classification rule not found');
    return rule;
  }

  function data(body: ClassificationRuleBody) {
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

  return {
    async list(user: AuthUser, query: ClassificationRuleListQuery) {
      if (query.airspaceId) await assertManages(prisma, user.id, query.airspaceId);
      const where: Prisma.ClassificationRuleWhereInput = {
        airspace: { managers: { some: { id: user.id } } },
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
      return { items: items.map(toClassificationRuleDto), total, page: query.page, pageSize: query.pageSize };
    },

    async get(user: AuthUser, id: string) {
      return toClassificationRuleDto(await find(user, id));
    },

    async create(user: AuthUser, body: ClassificationRuleBody & { airspaceId: string }) {
      await assertManages(prisma, user.id, body.airspaceId);
      const rule = await prisma.classificationRule.create({ data: { ...data(body), airspaceId: body.airspaceId } });
      return toClassificationRuleDto(rule);
    },

    async update(user: AuthUser, id: string, body: ClassificationRuleBody) {
      await find(user, id);
      const rule = await prisma.classificationRule.update({ where: { id }, data: data(body) });
      return toClassificationRuleDto(rule);
    },

    async remove(user: AuthUser, id: string) {
      await find(user, id);
      await prisma.classificationRule.delete({ where: { id } });
    },
  };
}

export type ClassificationRulesService = ReturnType<typeof createClassificationRulesService>;
