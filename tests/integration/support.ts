import request from 'supertest';
import { expect, vi } from 'vitest';
import type { Prisma } from '../../server/generated/prisma/client';
import type { Right } from '../../src/shared/domain/rights';
import { createUser } from '../factories/users';
import type { TestApp } from '../setup/test-app';

/** Where every TestClock starts; files reset to it before each test so no test inherits another's time travel. */
export const CLOCK_START = new Date('2026-06-15T08:00:00Z');

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** A second password meeting the policy, for flows that set a new one. */
export const NEW_PASSWORD = 'Fresh-Kite-42-Meadow';

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/**
 * The factory stamps passwordChangedAt and the first history entry with the database time; the server
 * stamps later ones with its clock. Aligning them on the test clock keeps expiry and history order meaningful.
 */
export async function createUserOnClock(
  t: TestApp,
  options: { rights?: Right[]; password?: string; email?: string } & Partial<Prisma.UserCreateInput> = {},
) {
  const user = await createUser(t.db.prisma, { passwordChangedAt: t.clock.now(), ...options });
  await t.db.prisma.passwordHistory.updateMany({ where: { userId: user.id }, data: { createdAt: t.clock.now() } });
  return user;
}

export function postLogin(t: TestApp, body: Record<string, unknown>) {
  return request(t.app).post('/api/security/login').send(body);
}

export function outboxFor(t: TestApp, recipient: string, channel: 'email' | 'sms' = 'email') {
  return t.db.prisma.outboxMessage.findMany({ where: { recipient, channel }, orderBy: { createdAt: 'asc' } });
}

/**
 * The messages to `recipient` once there are `count` of them: forgotten-password answers before its e-mail is sent
 * (docs/security.md), so a test waits for it.
 */
export function waitForMessages(t: TestApp, recipient: string, count = 1) {
  return vi.waitFor(
    async () => {
      const messages = await outboxFor(t, recipient);
      if (messages.length < count) throw new Error(`${messages.length} of ${count} messages to ${recipient}`);
      return messages;
    },
    { timeout: 5000, interval: 20 },
  );
}

/** The one message of `channel` sent to `recipient`; fails the test when there are none or several. */
export async function onlyMessageTo(t: TestApp, recipient: string, channel: 'email' | 'sms' = 'email') {
  const messages = await outboxFor(t, recipient, channel);
  expect(messages, `messages to ${recipient} on ${channel}`).toHaveLength(1);
  return messages[0]!;
}

/** The token of a link `http://aerogate.test/<route>/<token>` found in an e-mail text. */
export function tokenOfLink(text: string, route: string): string {
  const match = new RegExp(`http://aerogate\\.test/${route}/([A-Za-z0-9_-]+)`).exec(text);
  if (!match) throw new Error(`no ${route} link in:\n${text}`);
  return match[1]!;
}

/** Everything about a user that a refused request must leave untouched. */
export async function userState(t: TestApp, userId: string) {
  const prisma = t.db.prisma;
  const user = await prisma.user.findUniqueOrThrow({
    where: { id: userId },
    include: { externalIdentifiers: { orderBy: { type: 'asc' } } },
  });
  const { updatedAt: _ignored, ...fields } = user;
  return {
    user: fields,
    passwordHistory: await prisma.passwordHistory.count({ where: { userId } }),
    refreshTokens: await prisma.refreshToken.findMany({
      where: { userId },
      orderBy: { createdAt: 'asc' },
      select: { id: true, usedAt: true, revokedAt: true },
    }),
    oneTimeTokens: await prisma.oneTimeToken.findMany({
      where: { userId },
      orderBy: { createdAt: 'asc' },
      select: { id: true, usedAt: true },
    }),
    audit: await prisma.auditLog.count({ where: { subjectId: userId } }),
  };
}

export function expectError(response: request.Response, status: number, code: string) {
  expect({ status: response.status, code: response.body?.code }, JSON.stringify(response.body)).toEqual({ status, code });
}
