import { Prisma, type PrismaClient, type TokenPurpose } from '../../generated/prisma/client';
import { AppError } from '../../lib/app-error';

export const userWithAccess = {
  groups: { select: { id: true, name: true, rights: true } },
  managedAirspaces: { select: { id: true }, orderBy: { createdAt: 'asc' } },
  externalIdentifiers: { select: { type: true, value: true }, orderBy: { type: 'asc' } },
  supervisedPilot: { select: { id: true, supervisionLevel: true, rights: true } },
} satisfies Prisma.UserInclude;

export type UserWithAccess = Prisma.UserGetPayload<{ include: typeof userWithAccess }>;

/** The e-mail is checked before writing, but two requests can pass that check together: the unique index decides. */
async function withUniqueEmail<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
      throw new AppError('EMAIL_NOT_AVAILABLE', 'This e-mail is not available');
    }
    throw error;
  }
}

export function createAuthRepository(prisma: PrismaClient) {
  return {
    findUserByEmail(email: string) {
      return prisma.user.findUnique({ where: { email }, include: userWithAccess });
    },
    findUserById(id: string) {
      return prisma.user.findUnique({ where: { id }, include: userWithAccess });
    },
    async emailTaken(email: string) {
      return (await prisma.user.count({ where: { email } })) > 0;
    },
    createUser(data: Prisma.UserCreateInput) {
      return withUniqueEmail(prisma.user.create({ data, include: userWithAccess }));
    },
    updateUser(id: string, data: Prisma.UserUpdateInput) {
      return withUniqueEmail(prisma.user.update({ where: { id }, data, include: userWithAccess }));
    },
    /** Increments the failure counter atomically and returns the new count. */
    async incrementFailedLogins(id: string) {
      const user = await prisma.user.update({
        where: { id },
        data: { failedLoginCount: { increment: 1 } },
        select: { failedLoginCount: true },
      });
      return user.failedLoginCount;
    },
    recordLoginAttempt(data: { userId?: string; email: string; success: boolean; outcome: string; ip?: string; createdAt: Date }) {
      return prisma.loginAttempt.create({ data });
    },
    /**
     * The failed sign-ins on `email` since `since` and since its last success or unlock: their count and the time of
     * the latest.
     */
    async failuresOfEmail(email: string, since: Date, outcomes: readonly string[], resets: readonly string[]) {
      const reset = await prisma.loginAttempt.findFirst({
        where: { email, outcome: { in: [...resets] }, createdAt: { gt: since } },
        orderBy: { createdAt: 'desc' },
        select: { createdAt: true },
      });
      // A failure in the same millisecond as the reset counts: better one failure too many than one forgotten.
      const where = { email, outcome: { in: [...outcomes] }, createdAt: reset ? { gte: reset.createdAt } : { gt: since } };
      const [count, latest] = await Promise.all([
        prisma.loginAttempt.count({ where }),
        prisma.loginAttempt.findFirst({ where, orderBy: { createdAt: 'desc' }, select: { createdAt: true } }),
      ]);
      return { count, latestAt: latest?.createdAt ?? null };
    },
    /** The failed sign-ins from `ip` since `since`, and the time of the oldest of them. */
    async failuresOfAddress(ip: string, since: Date, outcomes: readonly string[]) {
      const where = { ip, outcome: { in: [...outcomes] }, createdAt: { gt: since } };
      const [count, oldest] = await Promise.all([
        prisma.loginAttempt.count({ where }),
        prisma.loginAttempt.findFirst({ where, orderBy: { createdAt: 'asc' }, select: { createdAt: true } }),
      ]);
      return { count, oldestAt: oldest?.createdAt ?? null };
    },
    /** Ends every session of the user: the access tokens (version) and the refresh tokens. */
    async endSessions(id: string, at: Date) {
      await prisma.$transaction([
        prisma.user.update({ where: { id }, data: { tokenVersion: { increment: 1 } } }),
        prisma.refreshToken.updateMany({ where: { userId: id, revokedAt: null }, data: { revokedAt: at } }),
      ]);
    },
    /** A new access token for the same sessions: only the access tokens already issued stop working. */
    async raiseTokenVersion(id: string) {
      await prisma.user.update({ where: { id }, data: { tokenVersion: { increment: 1 } } });
    },
    createRefreshToken(data: { userId: string; familyId: string; tokenHash: string; expiresAt: Date }) {
      return prisma.refreshToken.create({ data });
    },
    findRefreshToken(tokenHash: string) {
      return prisma.refreshToken.findUnique({ where: { tokenHash } });
    },
    /** Marks the token used only if it was unused: false means it had already been presented. */
    async consumeRefreshToken(id: string, at: Date) {
      const result = await prisma.refreshToken.updateMany({ where: { id, usedAt: null, revokedAt: null }, data: { usedAt: at } });
      return result.count === 1;
    },
    revokeFamily(familyId: string, at: Date) {
      return prisma.refreshToken.updateMany({ where: { familyId, revokedAt: null }, data: { revokedAt: at } });
    },
    revokeAllForUser(userId: string, at: Date) {
      return prisma.refreshToken.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: at } });
    },
    recentPasswordHashes(userId: string, count: number) {
      return prisma.passwordHistory.findMany({ where: { userId }, orderBy: { createdAt: 'desc' }, take: count, select: { hash: true } });
    },
    addPasswordHistory(userId: string, hash: string, at: Date) {
      return prisma.passwordHistory.create({ data: { userId, hash, createdAt: at } });
    },
    createOneTimeToken(data: {
      userId: string;
      purpose: TokenPurpose;
      tokenHash: string;
      expiresAt: Date;
      payload?: Prisma.InputJsonValue;
    }) {
      return prisma.oneTimeToken.create({ data });
    },
    findOneTimeToken(tokenHash: string, purpose: TokenPurpose) {
      return prisma.oneTimeToken.findFirst({ where: { tokenHash, purpose } });
    },
    latestOneTimeToken(userId: string, purpose: TokenPurpose) {
      return prisma.oneTimeToken.findFirst({ where: { userId, purpose, usedAt: null }, orderBy: { createdAt: 'desc' } });
    },
    async consumeOneTimeToken(id: string, at: Date) {
      const result = await prisma.oneTimeToken.updateMany({ where: { id, usedAt: null }, data: { usedAt: at } });
      return result.count === 1;
    },
    invalidateOneTimeTokens(userId: string, purpose: TokenPurpose, at: Date) {
      return prisma.oneTimeToken.updateMany({ where: { userId, purpose, usedAt: null }, data: { usedAt: at } });
    },
    findGroupByName(name: string) {
      return prisma.group.findUnique({ where: { name } });
    },
    replaceExternalIdentifiers(userId: string, identifiers: { type: string; value: string }[]) {
      return prisma.$transaction([
        prisma.externalIdentifier.deleteMany({ where: { userId } }),
        prisma.externalIdentifier.createMany({ data: identifiers.map((i) => ({ ...i, userId })) }),
      ]);
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
