import { createHash, randomBytes } from 'node:crypto';
import type { ApiCredential, ApiCredentialCreate, ApiCredentialCreated } from '../../../src/shared/contracts/webhooks';
import { API_CREDENTIAL_PREFIX } from '../../../src/shared/domain/webhook-events';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-token';
import type { Clock } from '../../lib/clock';
import { rightsOf, supervisionOf } from '../auth/auth.mapper';
import type { ApiCredentialsRepository } from './api-credentials.repository';

/** Credentials per account. */
export const MAX_API_CREDENTIALS = 20;
/** `lastUsedAt` is written at most this often, not on every call. */
const USE_RECORD_MS = 60_000;

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

function toCredential(row: {
  id: string;
  name: string;
  scope: 'read' | 'write';
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}) {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  } satisfies ApiCredential;
}

/**
 * Personal API credentials (docs/operations.md "Webhooks and API credentials"): `agk_` + 32 random bytes, shown once,
 * kept as a SHA-256 hash. A credential acts as its owner, with the owner's rights of the moment, while the account is
 * active; `read` ones only read.
 */
export function createApiCredentials(deps: { repository: ApiCredentialsRepository; clock: Clock }) {
  const { repository, clock } = deps;
  return {
    async list(actor: AuthUser): Promise<ApiCredential[]> {
      return (await repository.ofUser(actor.id)).map(toCredential);
    },
    async create(actor: AuthUser, input: ApiCredentialCreate): Promise<ApiCredentialCreated> {
      if ((await repository.ofUser(actor.id)).length >= MAX_API_CREDENTIALS)
        throw new AppError('API_CREDENTIALS_LIMIT', `At most ${MAX_API_CREDENTIALS} API credentials per account`);
      const token = `${API_CREDENTIAL_PREFIX}${randomBytes(32).toString('base64url')}`;
      const row = await repository.create({
        userId: actor.id,
        name: input.name,
        scope: input.scope,
        tokenHash: hash(token),
        prefix: token.slice(0, API_CREDENTIAL_PREFIX.length + 6),
      });
      return { ...toCredential(row), token };
    },
    async revoke(actor: AuthUser, id: string) {
      const { count } = await repository.revoke(actor.id, id, clock.now());
      if (count === 0) throw new AppError('NOT_FOUND', 'Unknown API credential');
    },
    /** The user a credential acts for, or null: unknown, revoked, or its account not active (deactivated, deleted). */
    async authenticate(
      token: string,
    ): Promise<{ user: AuthUser; version: number; credential: { id: string; scope: 'read' | 'write' } } | null> {
      const row = await repository.byHash(hash(token));
      if (!row || row.user.status !== 'active') return null;
      const now = clock.now();
      if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > USE_RECORD_MS) await repository.used(row.id, now);
      const pilot = supervisionOf(row.user);
      return {
        user: {
          id: row.user.id,
          email: row.user.email,
          rights: new Set(rightsOf(row.user)),
          pilot: pilot && { id: pilot.id, level: pilot.level, rights: new Set(pilot.rights) },
        },
        version: row.user.tokenVersion,
        credential: { id: row.id, scope: row.scope },
      };
    },
  };
}

export type ApiCredentials = ReturnType<typeof createApiCredentials>;
