import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

// No container engine runs on the machines the suite runs on: what can be checked of the container files is checked
// here (docs/operations.md "Containers").
const read = (file: string) => readFileSync(new URL(`../../../${file}`, import.meta.url), 'utf8');

interface Service {
  build?: string;
  image?: string;
  environment?: Record<string, string>;
  ports?: string[];
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
}

describe('container files', () => {
  const dockerfile = read('Dockerfile');
  const instructions = dockerfile
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'))
    .map((line) => line.trim());

  it('builds on the Node version package.json asks for, in two stages, and runs as an unprivileged user', () => {
    const engines = (JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node;
    expect(instructions).toContain(`ARG NODE_VERSION=${engines.replace('>=', '')}`);
    expect(instructions.filter((line) => line.startsWith('FROM '))).toEqual([
      'FROM node:${NODE_VERSION}-bookworm-slim AS build',
      'FROM node:${NODE_VERSION}-bookworm-slim',
    ]);
    const users = instructions.filter((line) => line.startsWith('USER '));
    expect(users).toEqual(['USER node']);
    expect(instructions.indexOf('USER node')).toBeLessThan(instructions.findIndex((line) => line.startsWith('CMD ')));
  });

  it('starts the server with the command the e2e servers use, and checks liveness', () => {
    const cmd = instructions.find((line) => line.startsWith('CMD '))!;
    const command = JSON.parse(cmd.slice('CMD '.length)) as string[];
    expect(read('scripts/e2e-servers.ts')).toContain(`spawn('${command[0]}', ['${command.slice(1).join("', '")}']`);
    expect(instructions.find((line) => line.startsWith('HEALTHCHECK'))).toContain('/api/health/live');
  });

  it('composes two app instances sharing PostgreSQL, Redis, the JWT secret and the stored files', () => {
    const compose = parse(read('compose.yaml'), { merge: true }) as { services: Record<string, Service> };
    const { postgres, redis, 'app-1': first, 'app-2': second } = compose.services;
    expect(postgres?.image).toMatch(/^postgres:/);
    expect(redis?.image).toMatch(/^redis:/);
    for (const app of [first, second]) {
      expect(app?.build).toBe('.');
      expect(app?.environment).toMatchObject({
        DATABASE_URL: expect.stringMatching(/^postgresql:\/\/[^@]+@postgres:5432\//),
        REDIS_URL: 'redis://redis:6379',
        JWT_SECRET: expect.stringContaining('${JWT_SECRET:?'),
      });
      expect(app?.volumes).toEqual(['files:/data']);
    }
    expect([first?.ports, second?.ports]).toEqual([['3000:3000'], ['3001:3000']]);
    expect(first?.depends_on?.postgres).toEqual({ condition: 'service_healthy' });
    expect(second?.depends_on?.['app-1']).toEqual({ condition: 'service_healthy' });
  });
});
