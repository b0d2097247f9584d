import { randomBytes } from 'node:crypto';
import bcrypt from 'bcrypt';
import request from 'supertest';
import type { Express } from 'express';
import type { Right } from '../../src/shared/domain/rights';
import type { LoginResult } from '../../src/shared/contracts/auth';
import type { PrismaClient, Prisma } from '../../server/generated/prisma/client';

export const TEST_PASSWORD = 'Correct-Horse-9-Battery';

export function uniqueEmail(prefix = 'user') {
  return `${prefix}-${randomBytes(5).toString('hex')}@example.com`;
}

/** A user in a group of its own holding exactly `rights`; active unless told otherwise. */
export async function createUser(
  prisma: PrismaClient,
  options: { rights?: Right[]; password?: string; email?: string } & Partial<Prisma.UserCreateInput> = {},
) {
  const { rights = [], password = TEST_PASSWORD, email = uniqueEmail(), ...fields } = options;
  const passwordHash = await bcrypt.hash(password, 4);
  return prisma.user.create({
    data: {
      email,
      passwordHash,
      firstName: 'Test',
      lastName: 'User',
      status: 'active',
      ...fields,
      passwordHistory: { create: { hash: passwordHash } },
      groups: { create: { name: `group-${randomBytes(5).toString('hex')}`, rights } },
    },
  });
}

export async function login(app: Express, email: string, password = TEST_PASSWORD): Promise<LoginResult> {
  const response = await request(app).post('/api/security/login').send({ email, password });
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as LoginResult;
}

/** Creates a user with `rights` and signs it in; answers the user and its bearer header. */
export async function signedInUser(app: Express, prisma: PrismaClient, rights: Right[] = [], fields: Partial<Prisma.UserCreateInput> = {}) {
  const user = await createUser(prisma, { rights, ...fields });
  const session = await login(app, user.email);
  return { user, session, auth: { Authorization: `Bearer ${session.token}` } };
}
