import type { GroupDetail, GroupInput, GroupListQuery, GroupSummary } from '../../../src/shared/contracts/groups';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-token';
import type { AuditRepository } from '../audit/audit.repository';
import type { GroupDetailRow, GroupSummaryRow, GroupsRepository } from './groups.repository';

const toGroupSummary = (row: GroupSummaryRow): GroupSummary => ({
  id: row.id,
  name: row.name,
  kind: row.kind,
  level: row.level,
  rights: row.rights,
  memberCount: row._count.members,
  createdAt: row.createdAt.toISOString(),
});

const toGroupDetail = (row: GroupDetailRow): GroupDetail => ({
  ...toGroupSummary(row),
  members: row.members,
  updatedAt: row.updatedAt.toISOString(),
});

export function createGroupsService(deps: { repository: GroupsRepository; audit: AuditRepository }) {
  const { repository, audit } = deps;

  async function find(id: string) {
    const group = await repository.find(id);
    if (!group) throw new AppError('NOT_FOUND', 'Unknown group');
    return group;
  }

  async function check(input: GroupInput, id?: string) {
    const sameName = await repository.findByName(input.name);
    if (sameName && sameName.id !== id)
      throw new AppError('GROUP_NAME_TAKEN', 'A group already has this name', { fields: { name: ['validation:nameTaken'] } });
    if ((await repository.countUsers(input.memberIds)) !== input.memberIds.length)
      throw new AppError('VALIDATION_FAILED', 'Some fields are invalid', { fields: { memberIds: ['validation:invalidValue'] } });
  }

  const record = (actor: AuthUser, action: string, subjectId: string, data?: Record<string, string>) =>
    audit.record({ actorId: actor.id, action, subjectType: 'group', subjectId, data });

  return {
    async list(query: GroupListQuery) {
      const { items, total } = await repository.list(query);
      return { items: items.map(toGroupSummary), total, page: query.page, pageSize: query.pageSize };
    },
    async get(id: string) {
      return toGroupDetail(await find(id));
    },
    async create(actor: AuthUser, input: GroupInput) {
      await check(input);
      const group = await repository.create(input);
      await record(actor, 'group.created', group.id);
      return toGroupDetail(group);
    },
    /** The server finds system groups by name (sign-up, supervised accounts): their name stays as it is. */
    async update(actor: AuthUser, id: string, input: GroupInput) {
      const current = await find(id);
      if (current.kind === 'system' && input.name !== current.name)
        throw new AppError('GROUP_SYSTEM_LOCKED', 'A system group keeps its name', { fields: { name: ['validation:systemGroupName'] } });
      await check(input, id);
      const group = await repository.update(id, input);
      await record(actor, 'group.updated', id);
      return toGroupDetail(group);
    },
    async remove(actor: AuthUser, id: string) {
      const group = await find(id);
      if (group.kind === 'system') throw new AppError('GROUP_SYSTEM_LOCKED', 'A system group cannot be deleted');
      if (!(await repository.removeIfEmpty(id))) throw new AppError('GROUP_HAS_MEMBERS', 'A group with members cannot be deleted');
      await record(actor, 'group.deleted', id, { name: group.name });
    },
  };
}

export type GroupsService = ReturnType<typeof createGroupsService>;
