import { pageOf } from '../../../src/shared/contracts/common';
import { outboxMessageSchema, outboxListQuerySchema, type OutboxMessage } from '../../../src/shared/contracts/system';
import { ApiRouter } from '../../lib/api-router';
import type { ApiRegistry } from '../../openapi';
import type { OutboxRepository } from './outbox.repository';

type Row = Awaited<ReturnType<OutboxRepository['list']>>['items'][number];

const toOutboxMessage = (row: Row): OutboxMessage => ({
  id: row.id,
  channel: row.channel,
  recipient: row.recipient,
  subject: row.subject,
  text: row.text,
  html: row.html,
  status: row.status,
  error: row.error,
  createdAt: row.createdAt.toISOString(),
});

export function outboxRouter(registry: ApiRegistry, repository: OutboxRepository) {
  return new ApiRouter(registry, '/api/outbox', 'outbox').route({
    method: 'get',
    path: '/',
    summary: 'Messages sent or recorded by the platform (e-mail, SMS, authority notifications), newest first',
    access: ['USER_LIST_ADMIN'],
    query: outboxListQuerySchema,
    response: pageOf(outboxMessageSchema),
    handler: async ({ query }) => {
      const { items, total } = await repository.list(query, query.page, query.pageSize);
      return { items: items.map(toOutboxMessage), total, page: query.page, pageSize: query.pageSize };
    },
  }).router;
}
