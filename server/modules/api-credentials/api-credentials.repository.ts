import type { ApiCredentialScope } from '../../../src/shared/domain/webhook-events';
import type { PrismaClient } from '../../generated/prisma/client';
import { userWithAccess } from '../auth/auth.repository';

export function createApiCredentialsRepository(prisma: PrismaClient) {
  return {
    ofUser(userId: string) {
      return prisma.apiCredential.findMany({ where: { userId, revokedAt: null }, orderBy: { createdAt: 'asc' } });
    },
    create(data: { userId: string; name: string; scope: ApiCredentialScope; tokenHash: string; prefix: string }) {
      return prisma.apiCredential.create({ data });
    },
    revoke(userId: string, id: string, at: Date) {
      return prisma.apiCredential.updateMany({ where: { id, userId, revokedAt: null }, data: { revokedAt: at } });
    },
    /** The credential of this hash, unrevoked, with its owner's status and rights, read at each request. */
    byHash(tokenHash: string) {
      return prisma.apiCredential.findFirst({
        where: { tokenHash, revokedAt: null },
        include: { user: { include: userWithAccess } },
      });
    },
    used(id: string, at: Date) {
      return prisma.apiCredential.update({ where: { id }, data: { lastUsedAt: at } });
    },
  };
}

export type ApiCredentialsRepository = ReturnType<typeof createApiCredentialsRepository>;
