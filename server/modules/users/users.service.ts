import { randomBytes } from 'node:crypto';
import bcrypt from 'bcrypt';
import type { UserDetail, UserInput, UserListQuery, UserSummary } from '../../../src/shared/contracts/users';
import { DEACTIVATED_BY_ADMINISTRATOR } from '../../../src/shared/domain/enums';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-token';
import type { Clock } from '../../lib/clock';
import type { AgreementsService } from '../agreements/agreements.service';
import type { AuditRepository } from '../audit/audit.repository';
import type { Passwords } from '../auth/passwords';
import type { Sessions } from '../auth/sessions';
import { toUserDetail } from './users.mapper';
import type { UserSummaryRow, UsersRepository } from './users.repository';

export interface UsersServiceDeps {
  repository: UsersRepository;
  audit: AuditRepository;
  clock: Clock;
  /** The agreement is told when the company information it validated changes (docs/agreements.md). */
  accounts: {
    sendResetLink: Passwords['sendResetLink'];
    unlock: Sessions['unlock'];
    companyInfo: AgreementsService['companyInfo'];
    companyInfoSaved: AgreementsService['companyInfoSaved'];
  };
  bcryptRounds: number;
}

const toUserSummary = (row: UserSummaryRow): UserSummary => ({
  id: row.id,
  email: row.email,
  firstName: row.firstName,
  lastName: row.lastName,
  companyName: row.companyName,
  status: row.status,
  agreementStatus: row.agreementStatus,
  agreementExpiresAt: row.agreementExpiresAt?.toISOString() ?? null,
  groups: row.groups,
  createdAt: row.createdAt.toISOString(),
});

const fieldError = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', 'Some fields are invalid', { fields: { [field]: [message] } });

/** The back office's user administration (USER_LIST_ADMIN reads, USER_EDIT_ADMIN writes). */
export function createUsersService(deps: UsersServiceDeps) {
  const { repository, audit, clock, accounts } = deps;

  async function find(id: string) {
    const user = await repository.findDetail(id);
    if (!user) throw new AppError('NOT_FOUND', 'Unknown user');
    return user;
  }

  async function check(input: UserInput, id?: string) {
    const owner = await repository.findByEmail(input.email);
    if (owner && owner.id !== id)
      throw new AppError('EMAIL_NOT_AVAILABLE', 'This e-mail is not available', { fields: { email: ['validation:emailTaken'] } });
    if ((await repository.countGroups(input.groupIds)) !== input.groupIds.length) throw fieldError('groupIds', 'validation:invalidValue');
  }

  const record = (actor: AuthUser, action: string, subjectId: string, data?: Record<string, string>) =>
    audit.record({ actorId: actor.id, action, subjectType: 'user', subjectId, data });

  return {
    async list(query: UserListQuery) {
      const { items, total } = await repository.list(query);
      return { items: items.map(toUserSummary), total, page: query.page, pageSize: query.pageSize };
    },

    async get(id: string): Promise<UserDetail> {
      return toUserDetail(await find(id));
    },

    /**
     * Nobody knows the new account's password: it receives the forgotten-password e-mail, whose link sets one
     * (and activates a pending account).
     */
    async create(actor: AuthUser, input: UserInput): Promise<UserDetail> {
      await check(input);
      const unknownPassword = await bcrypt.hash(randomBytes(32).toString('base64url'), deps.bcryptRounds);
      const user = await repository.create(input, unknownPassword, clock.now());
      await record(actor, 'user.created', user.id);
      if (user.status !== 'deactivated') await accounts.sendResetLink(user.email);
      return toUserDetail(user);
    },

    async update(actor: AuthUser, id: string, input: UserInput): Promise<UserDetail> {
      const current = await find(id);
      await check(input, id);
      if (id === actor.id && input.status !== 'active') throw fieldError('status', 'validation:ownAccount');
      const reason =
        input.status !== 'deactivated'
          ? null
          : current.status === 'deactivated'
            ? current.deactivationReason
            : DEACTIVATED_BY_ADMINISTRATOR;
      const company = await accounts.companyInfo(id);
      const user = await repository.update(
        id,
        input,
        reason,
        current.groups.map((group) => group.id),
      );
      if (current.status !== 'deactivated' && user.status === 'deactivated') await repository.revokeRefreshTokens(id, clock.now());
      await accounts.companyInfoSaved(id, company, actor.id);
      await record(actor, 'user.updated', id);
      return toUserDetail(user);
    },

    async unlock(actor: AuthUser, id: string) {
      await accounts.unlock(id, actor.id);
    },

    /** The key is answered here only; the user reads it on its own account page. */
    async regenerateApiKey(actor: AuthUser, id: string) {
      await find(id);
      const apiKey = randomBytes(24).toString('base64url');
      await repository.setApiKey(id, apiKey);
      await record(actor, 'user.apiKeyGenerated', id);
      return { apiKey };
    },

    /**
     * Hard delete of an account that owns nothing: pilots, machines, missions, personal drone models and
     * supervised accounts would go with it (the relations cascade), so such an account is deactivated instead.
     */
    async remove(actor: AuthUser, id: string) {
      if (id === actor.id) throw new AppError('USER_SELF_DELETE', 'You cannot delete your own account');
      const user = await find(id);
      if ((await repository.ownedRecords(id)) > 0)
        throw new AppError('USER_HAS_RECORDS', 'This user owns pilots, machines or missions: deactivate the account instead');
      await repository.remove(id);
      await record(actor, 'user.deleted', id, { email: user.email });
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
