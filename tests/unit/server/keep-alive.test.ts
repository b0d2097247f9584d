import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { keepIdleConnections } from '../../../server/lib/keep-alive';

/** Past Node's own limit for an idle connection: 5 s announced to the client, closed a second later. */
const PAST_NODE_DEFAULT_MS = 7_000;

const servers: http.Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function listening() {
  const server = http.createServer((_req, res) => res.end('ok'));
  keepIdleConnections(server);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** A GET through `agent`, with whether it went over a connection an earlier call had left open. */
function get(port: number, agent: http.Agent) {
  return new Promise<{ body: string; reused: boolean }>((resolve, reject) => {
    const request = http.get({ port, host: '127.0.0.1', agent }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ body, reused: request.reusedSocket }));
    });
    request.on('error', reject);
  });
}

const idle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('idle connections', () => {
  it('stay open past Node’s 5 s, so a client that waited between two calls reuses its connection', async () => {
    const port = await listening();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    expect(await get(port, agent)).toEqual({ body: 'ok', reused: false });
    await idle(PAST_NODE_DEFAULT_MS);
    expect(await get(port, agent)).toEqual({ body: 'ok', reused: true });
    agent.destroy();
  });
});
