import { describe, expect, it } from 'vitest';
import { findChromium } from '../../../scripts/chromium';

const lookup = (env: NodeJS.ProcessEnv, executables: string[]) => ({ env, isExecutable: (file: string) => executables.includes(file) });

describe('findChromium', () => {
  it('takes CHROMIUM_PATH first', () => {
    expect(
      findChromium(lookup({ CHROMIUM_PATH: '/opt/chrome/chrome', PATH: '/usr/bin' }, ['/opt/chrome/chrome', '/usr/bin/chromium'])),
    ).toEqual({
      path: '/opt/chrome/chrome',
    });
  });

  it('does not search past a CHROMIUM_PATH that names nothing runnable', () => {
    const found = findChromium(lookup({ CHROMIUM_PATH: '/opt/none', PATH: '/usr/bin' }, ['/usr/bin/chromium']));
    expect(found).toEqual({ missing: expect.stringContaining('CHROMIUM_PATH is /opt/none') });
  });

  it('finds the system Chromium on the PATH, then at Debian’s path', () => {
    expect(findChromium(lookup({ PATH: '/snap/bin:/usr/local/bin' }, ['/usr/local/bin/chromium-browser', '/usr/bin/chromium']))).toEqual({
      path: '/usr/local/bin/chromium-browser',
    });
    expect(findChromium(lookup({ PATH: '/usr/local/bin' }, ['/usr/bin/chromium']))).toEqual({ path: '/usr/bin/chromium' });
  });

  it('prefers the headless shell to the whole browser, on the PATH as at Debian’s paths', () => {
    expect(
      findChromium(lookup({ PATH: '/usr/local/bin:/usr/bin' }, ['/usr/local/bin/chromium', '/usr/bin/chromium-headless-shell'])),
    ).toEqual({ path: '/usr/bin/chromium-headless-shell' });
    expect(findChromium(lookup({ PATH: '/opt/bin' }, ['/usr/bin/chromium', '/usr/bin/chromium-headless-shell']))).toEqual({
      path: '/usr/bin/chromium-headless-shell',
    });
  });

  it('says what it looked for when there is none', () => {
    expect(findChromium(lookup({ PATH: '/usr/local/bin' }, []))).toEqual({ missing: expect.stringContaining('No Chromium found') });
  });
});
