import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/**
 * The Chromium the e2e tests, `bench:login` and `basemap:build` drive, all headless: `CHROMIUM_PATH` when set, else
 * the system's (the first of these names on the PATH, then Debian's paths). Chromium's headless shell comes first: the
 * same engine without the browser's interface, it took about a quarter less CPU over a map spec than the full
 * browser in headless mode (docs/performance.md, "Test suite time").
 */
const SYSTEM_NAMES = ['chromium-headless-shell', 'chromium', 'chromium-browser'];
const DEBIAN_PATHS = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];
const INSTALL_COMMAND = 'apt-get update && apt-get install -y chromium-headless-shell';

export interface ChromiumLookup {
  env: NodeJS.ProcessEnv;
  isExecutable: (file: string) => boolean;
}

const systemLookup: ChromiumLookup = {
  env: process.env,
  isExecutable: (file) => {
    try {
      accessSync(file, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  },
};

export type ChromiumFound = { path: string } | { missing: string };

/** Where Chromium is, or why none was found. A `CHROMIUM_PATH` that names nothing runnable is not searched past. */
export function findChromium(lookup: ChromiumLookup = systemLookup): ChromiumFound {
  const configured = lookup.env.CHROMIUM_PATH;
  if (configured) {
    return lookup.isExecutable(configured)
      ? { path: configured }
      : {
          missing: `CHROMIUM_PATH is ${configured}, which is not an executable file. Point it at a Chromium, or unset it to use the system's.`,
        };
  }
  const directories = (lookup.env.PATH ?? '').split(delimiter).filter(Boolean);
  for (const name of SYSTEM_NAMES) {
    for (const directory of directories) {
      const file = join(directory, name);
      if (lookup.isExecutable(file)) return { path: file };
    }
  }
  const debian = DEBIAN_PATHS.find((file) => lookup.isExecutable(file));
  if (debian) return { path: debian };
  return {
    missing: `No Chromium found (CHROMIUM_PATH is unset; no ${SYSTEM_NAMES.join(' or ')} on the PATH, nor ${DEBIAN_PATHS.join(' or ')}).`,
  };
}

/** The path to launch: the one found, else Debian's, so that the launcher's own error names it. */
export function chromiumPath(): string {
  const found = findChromium();
  return 'path' in found ? found.path : DEBIAN_PATHS[0]!;
}

/**
 * For `npm test`: the Chromium found; where there is none and this process may install packages (root, with apt-get),
 * Debian's `chromium-headless-shell` package is installed, saying so; otherwise the process stops at once with the command to run.
 */
export function ensureChromium(): string {
  const found = findChromium();
  if ('path' in found) return found.path;
  const canInstall = !process.env.CHROMIUM_PATH && process.getuid?.() === 0 && systemLookup.isExecutable('/usr/bin/apt-get');
  if (!canInstall) {
    console.error(
      process.env.CHROMIUM_PATH
        ? found.missing
        : `${found.missing}\nThe browser tests need one. Run, as root:\n\n  ${INSTALL_COMMAND}\n\nor set CHROMIUM_PATH to a Chromium, then run npm test again.`,
    );
    process.exit(1);
  }
  console.log(`${found.missing}\nInstalling Debian's headless Chromium for the browser tests: ${INSTALL_COMMAND}`);
  const installed = spawnSync('sh', ['-c', INSTALL_COMMAND], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  const after = findChromium();
  if (installed.status !== 0 || !('path' in after)) {
    console.error(`Installing chromium failed (${INSTALL_COMMAND}). Install a Chromium or set CHROMIUM_PATH, then run npm test again.`);
    process.exit(1);
  }
  console.log(`Chromium installed: ${after.path}`);
  return after.path;
}
