import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import {
  LOGBOOK_ACCOUNTS_MAX,
  logbookAccountSchema,
  logbookAccountsQuerySchema,
  logbookQuerySchema,
  logbookSchema,
} from '../../../src/shared/contracts/logbook';
import { ApiRouter } from '../../lib/api-router';
import type { ApiRegistry } from '../../openapi';
import type { LogbookService } from './logbook.service';

const READ = ['JOURNEY_LIST', 'JOURNEY_LIST_ADMIN'] as const;

/** The logbook: flown missions with totals per pilot and machine, and its CSV (docs/post-flight.md "Logbook"). */
export function logbookRouter(registry: ApiRegistry, service: LogbookService) {
  return new ApiRouter(registry, '/api/logbook', 'post-flights')
    .route({
      method: 'get',
      path: '/',
      summary: "The account's flown missions of a period (from, to: days, included) with flight counts and minutes per pilot and machine",
      access: READ,
      query: logbookQuerySchema,
      response: logbookSchema,
      handler: ({ user, query }) => service.read(user, query),
    })
    .route({
      method: 'get',
      path: '/accounts',
      summary: `Accounts with missions whose name or e-mail contains \`search\`, by name, at most ${LOGBOOK_ACCOUNTS_MAX}: whose logbook to open`,
      access: ['JOURNEY_LIST_ADMIN'],
      query: logbookAccountsQuerySchema,
      response: z.array(logbookAccountSchema),
      handler: ({ query }) => service.accounts(query),
    })
    .route({
      method: 'get',
      path: '/csv',
      summary:
        'The same logbook as CSV, one line per flown mission, streamed as the client reads; past the exports running at once, 429 EXPORT_BUSY',
      access: READ,
      query: logbookQuerySchema,
      fileMediaTypes: ['text/csv'],
      handler: async ({ user, query, res }) => {
        const csv = await service.csv(user, query, res);
        res.attachment(`logbook-${query.from ?? 'start'}-${query.to ?? 'today'}.csv`).type('text/csv; charset=utf-8');
        res.setHeader('Cache-Control', 'private, no-store');
        res.status(200);
        try {
          await pipeline(csv, res);
        } catch {
          // The status is given: a failure, or the client leaving, can only cut the download short.
        }
      },
    }).router;
}
