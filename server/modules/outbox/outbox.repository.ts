import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { OutboxChannel, OutboxStatus, Prisma, PrismaClient } from '../../generated/prisma/client';
import { prepared } from '../../lib/prepared';

/** What became of a queued message: its transport's outcome. */
export interface OutboxSettlement {
  id: string;
  status: Exclude<OutboxStatus, 'queued'>;
  error?: string | null;
}

export interface OutboxEntry {
  channel: OutboxChannel;
  recipient: string;
  subject?: string | null;
  text: string;
  html?: string | null;
  status: OutboxStatus;
  error?: string | null;
}

// Every e-mail and SMS passes here, often on a path a user waits on (a request filed, a decision): one prepared
// statement rather than a Prisma call (docs/performance.md). createdAt is the instant in UTC, as Prisma writes it.
const RECORD = `
  INSERT INTO "OutboxMessage" (id, channel, recipient, subject, text, html, status, error, "createdAt")
  SELECT entry.id, entry.channel::"OutboxChannel", entry.recipient, entry.subject, entry.text, entry.html,
         entry.status::"OutboxStatus", entry.error, (now() AT TIME ZONE 'UTC')
    FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[])
         WITH ORDINALITY AS entry(id, channel, recipient, subject, text, html, status, error, position)
   ORDER BY entry.position`;

// A queued message's outcome; a message no longer queued (settled already) is left as it is.
const SETTLE = `
  UPDATE "OutboxMessage" AS message SET status = outcome.status::"OutboxStatus", error = outcome.error
    FROM unnest($1::uuid[], $2::text[], $3::text[]) AS outcome(id, status, error)
   WHERE message.id = outcome.id AND message.status = 'queued'`;

export function createOutboxRepository(prisma: PrismaClient, pool: pg.Pool) {
  return {
    /** Keeps the entries, in their order, by one statement (the e-mails of one filing together); answers their ids. */
    async record(...entries: OutboxEntry[]): Promise<string[]> {
      if (entries.length === 0) return [];
      const ids = entries.map(() => randomUUID());
      await prepared(pool, 'outbox-record', RECORD, [
        ids,
        entries.map((entry) => entry.channel),
        entries.map((entry) => entry.recipient),
        entries.map((entry) => entry.subject ?? null),
        entries.map((entry) => entry.text),
        entries.map((entry) => entry.html ?? null),
        entries.map((entry) => entry.status),
        entries.map((entry) => entry.error ?? null),
      ]);
      return ids;
    },
    /** Keeps the outcomes of queued messages, by one statement. */
    async settle(...outcomes: OutboxSettlement[]) {
      if (outcomes.length === 0) return;
      await prepared(pool, 'outbox-settle', SETTLE, [
        outcomes.map((outcome) => outcome.id),
        outcomes.map((outcome) => outcome.status),
        outcomes.map((outcome) => outcome.error ?? null),
      ]);
    },
    async list(filter: { channel?: OutboxChannel; recipient?: string; search?: string }, page: number, pageSize: number) {
      const where: Prisma.OutboxMessageWhereInput = {
        channel: filter.channel,
        recipient: filter.recipient ? { contains: filter.recipient, mode: 'insensitive' } : undefined,
        OR: filter.search
          ? [{ subject: { contains: filter.search, mode: 'insensitive' } }, { text: { contains: filter.search, mode: 'insensitive' } }]
          : undefined,
      };
      const [items, total] = await Promise.all([
        prisma.outboxMessage.findMany({ where, orderBy: { createdAt: 'desc' }, skip: (page - 1) * pageSize, take: pageSize }),
        prisma.outboxMessage.count({ where }),
      ]);
      return { items, total };
    },
  };
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
