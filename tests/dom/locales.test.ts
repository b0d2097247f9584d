import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PASSWORD_HISTORY_PROBLEMS, PASSWORD_RULES } from '@/shared/domain/password-policy';
import { ErrorCode } from '@/shared/errors';

const LOCALES = join(process.cwd(), 'src/locales');
const CONTRACTS = join(process.cwd(), 'src/shared/contracts');
const SERVER = join(process.cwd(), 'server');

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.startsWith('generated'))
    .map((file) => join(folder, file));
}
/** The shell's namespaces; others (regulation…) belong to their features and are checked there. */
const SHELL_NAMESPACES = ['common', 'auth', 'errors', 'validation', 'navigation', 'account', 'outbox', 'pilots', 'machines', 'droneModels'];

type Tree = { [key: string]: string | Tree };

function read(lang: string, namespace: string): Tree {
  return JSON.parse(readFileSync(join(LOCALES, lang, `${namespace}.json`), 'utf8')) as Tree;
}

function keysOf(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [prefix + key] : keysOf(value, `${prefix}${key}.`)));
}

describe('locales', () => {
  it('has the same namespaces in en and fr', () => {
    expect(readdirSync(join(LOCALES, 'fr')).sort()).toEqual(readdirSync(join(LOCALES, 'en')).sort());
  });

  for (const namespace of SHELL_NAMESPACES) {
    it(`has identical, non-empty keys in en and fr for ${namespace}`, () => {
      const en = keysOf(read('en', namespace)).sort();
      const fr = keysOf(read('fr', namespace)).sort();
      expect(fr).toEqual(en);
      for (const lang of ['en', 'fr']) {
        const tree = read(lang, namespace);
        for (const key of en) {
          const value = key.split('.').reduce<string | Tree>((node, part) => (node as Tree)[part], tree);
          expect(typeof value === 'string' && value.trim().length > 0, `${lang}/${namespace}:${key}`).toBe(true);
        }
      }
    });
  }

  it('translates every error code of src/shared/errors.ts, plus the toast title and the unexpected error', () => {
    for (const lang of ['en', 'fr']) {
      const keys = keysOf(read(lang, 'errors'));
      expect(keys).toEqual(expect.arrayContaining([...Object.keys(ErrorCode), 'title', 'unexpected']));
    }
  });

  it('translates every validation message key used by the shared contracts and sent by the server', () => {
    const used = new Set<string>();
    for (const file of sourceFiles(CONTRACTS).concat(sourceFiles(SERVER))) {
      const source = readFileSync(file, 'utf8');
      for (const match of source.matchAll(/['`]validation:([\w.]+?)(\$\{[^}]+\})?['`]/g)) {
        if (match[2]) for (const problem of [...PASSWORD_RULES, ...PASSWORD_HISTORY_PROBLEMS]) used.add(`${match[1]}${problem}`);
        else used.add(match[1]);
      }
    }
    expect(used).toContain('password.recentlyUsed');
    expect(used).toContain('phoneRequiredForDoubleFactor');
    for (const lang of ['en', 'fr']) {
      expect(keysOf(read(lang, 'validation'))).toEqual(expect.arrayContaining([...used]));
    }
  });

  it('says "This field must not be empty." for a required field', () => {
    expect(read('en', 'validation').required).toBe('This field must not be empty.');
  });
});
