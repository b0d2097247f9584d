import type {
  ClassificationRuleUpdate,
  ClassificationRuleListQuery,
  ManagedAirspace,
} from '../../../src/shared/contracts/classification-rules';
import type { AuthUser } from '../../lib/auth-token';
import { AppError } from '../../lib/app-error';
import type { AirspacesRepository } from '../airspaces/airspaces.repository';
import { assertManages } from '../automation/airspace-access';
import { toClassificationRuleDto } from './classification-rules.mapper';
import type { ClassificationRulesRepository } from './classification-rules.repository';

export interface ClassificationRulesServiceDeps {
  repository: ClassificationRulesRepository;
  airspaces: Pick<AirspacesRepository, 'isManagedBy' | 'listManagedBy'>;
}

/** Classification rules of the airspaces the user manages (docs/request-automation.md). */
export function createClassificationRulesService(deps: ClassificationRulesServiceDeps) {
  const { repository, airspaces } = deps;

  async function find(user: AuthUser, id: string) {
    const rule = await repository.findManaged(user.id, id);
    if (!rule) throw new AppError('NOT_FOUND', 'Classification rule not found');
    return rule;
  }

  return {
    /** The airspaces the user manages, with their geometry. */
    async managedAirspaces(user: AuthUser): Promise<ManagedAirspace[]> {
      return (await airspaces.listManagedBy(user.id)).map((airspace) => ({
        ...airspace,
        geometry: airspace.geometry as ManagedAirspace['geometry'],
      }));
    },

    async list(user: AuthUser, query: ClassificationRuleListQuery) {
      if (query.airspaceId) await assertManages(airspaces, user.id, query.airspaceId);
      const { items, total } = await repository.list(user.id, query);
      return { items: items.map(toClassificationRuleDto), total, page: query.page, pageSize: query.pageSize };
    },

    async get(user: AuthUser, id: string) {
      return toClassificationRuleDto(await find(user, id));
    },

    async create(user: AuthUser, body: ClassificationRuleUpdate & { airspaceId: string }) {
      await assertManages(airspaces, user.id, body.airspaceId);
      return toClassificationRuleDto(await repository.create(body.airspaceId, body));
    },

    async update(user: AuthUser, id: string, body: ClassificationRuleUpdate) {
      await find(user, id);
      return toClassificationRuleDto(await repository.update(id, body));
    },

    async remove(user: AuthUser, id: string) {
      await find(user, id);
      await repository.remove(id);
    },
  };
}

export type ClassificationRulesService = ReturnType<typeof createClassificationRulesService>;
