import type { Right } from '../../../src/shared/domain/rights';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-token';
import type { UsersRepository } from './users.repository';

/**
 * Whose pilots or machines a request reaches: 'own' for the operator's screens, a user id for an administrator
 * acting on that user's records (routes under /api/users/:userId).
 */
export type RecordScope = { kind: 'own' } | { kind: 'user'; userId: string };

export function createRecordOwners(users: Pick<UsersRepository, 'findOwner'>) {
  return {
    /**
     * The user id owning the records. A supervised pilot account works on its operator's records, within the
     * rights its group gives it (spec shell §6 SUPERVISION_PILOT).
     */
    async ownerId(actor: AuthUser, scope: RecordScope): Promise<string> {
      if (scope.kind === 'user') {
        if (!(await users.findOwner(scope.userId))) throw new AppError('NOT_FOUND', 'Unknown user');
        return scope.userId;
      }
      if (!actor.rights.has('SUPERVISION_PILOT')) return actor.id;
      const account = await users.findOwner(actor.id);
      return account?.parentId ?? actor.id;
    },
  };
}

export type RecordOwners = ReturnType<typeof createRecordOwners>;

/** Deleted records are an administrators' view: asking for them without the right is refused, not emptied. */
export function checkDeletedAccess(actor: AuthUser, deleted: boolean, right: Right) {
  if (deleted && !actor.rights.has(right)) throw new AppError('NOT_ALLOWED', 'Not allowed to list deleted records');
}
