import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The newest PostgreSQL server binaries installed the Debian way, if any. */
export function postgresBinDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((version) => existsSync(path.join(root, version, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : undefined;
}

export interface OwnPostgres {
  url: string;
  start(): void;
  /** Fast shutdown: clients are disconnected, new connections refused. */
  stop(): void;
  /** SIGSTOP of the postmaster and its backends: connections stay open and nothing answers. */
  pause(): void;
  resume(): void;
  destroy(): void;
}

/**
 * A throw-away PostgreSQL cluster of our own under /tmp, for the fault tests: the shared server is never stopped or
 * paused. initdb refuses to run as root, so as root the cluster belongs to the `postgres` user.
 */
export function createOwnPostgres(port: number): OwnPostgres {
  const bin = postgresBinDir();
  if (!bin) throw new Error('no PostgreSQL binaries under /usr/lib/postgresql');
  const dir = mkdtempSync(path.join(tmpdir(), 'aerogate-pg-'));
  const data = path.join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const run = (tool: string, args: string[]) => {
    const command = asRoot ? 'runuser' : path.join(bin, tool);
    execFileSync(command, asRoot ? ['-u', 'postgres', '--', path.join(bin, tool), ...args] : args, { stdio: 'ignore' });
  };
  const pids = () => {
    const postmaster = readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]?.trim() ?? '';
    let children: string[] = [];
    try {
      children = execFileSync('pgrep', ['-P', postmaster]).toString().trim().split('\n').filter(Boolean);
    } catch {
      // pgrep answers 1 when there is no child.
    }
    return [postmaster, ...children];
  };
  // A backend may exit between the listing and the signal: that one needs no signal any more.
  const signal = (name: NodeJS.Signals) => {
    for (const pid of pids()) {
      try {
        process.kill(Number(pid), name);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
      }
    }
  };
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const cluster: OwnPostgres = {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    start() {
      run('pg_ctl', [
        '-D',
        data,
        '-o',
        `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
        '-l',
        path.join(dir, 'log'),
        '-w',
        'start',
      ]);
    },
    stop() {
      run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
    },
    pause() {
      signal('SIGSTOP');
    },
    resume() {
      signal('SIGCONT');
    },
    destroy() {
      if (existsSync(path.join(data, 'postmaster.pid'))) {
        cluster.resume();
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return cluster;
}
