import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { OutboxChannel, OutboxStatus, Prisma, PrismaClient } from '../../generated/prisma/client';
import { prepared } from '../../lib/prepared';

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
  VALUES ($1::uuid, $2::text::"OutboxChannel", $3, $4, $5, $6, $7::text::"OutboxStatus", $8, (now() AT TIME ZONE 'UTC'))`;

export function createOutboxRepository(prisma: PrismaClient, pool: pg.Pool) {
  return {
    async record(entry: OutboxEntry) {
      await prepared(pool, 'outbox-record', RECORD, [
        randomUUID(),
        entry.channel,
        entry.recipient,
        entry.subject ?? null,
        entry.text,
        entry.html ?? null,
        entry.status,
        entry.error ?? null,
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
