import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  allRules,
  BLOCKER_CODES,
  CATEGORIES,
  classify,
  COUNTRIES,
  JP_CATEGORIES,
  REGULATION_ERROR_CODES,
  REQUIREMENT_CODES,
  RULE_OUTCOMES,
  rulesFor,
  SUBCATEGORIES,
} from '@/shared/regulation';
import en from '@/locales/en/regulation.json';
import fr from '@/locales/fr/regulation.json';
import { missionFacts } from './mission-facts';

type Catalogue = Record<string, Record<string, string>>;

function keysOf(catalogue: Catalogue): string[] {
  return Object.entries(catalogue).flatMap(([section, entries]) => Object.keys(entries).map((key) => `${section}.${key}`));
}

const docs = readFileSync(new URL('../../../docs/regulation-engine.md', import.meta.url), 'utf8');

describe('Rule catalogue', () => {
  it('every rule has a unique id and a unique catalogue code of its block (WTS for EU/FR, CPX for the others)', () => {
    const rules = allRules();
    expect(new Set(rules.map((rule) => rule.id)).size).toBe(rules.length);
    expect(new Set(rules.map((rule) => rule.catalogueCode)).size).toBe(rules.length);
    for (const rule of rules) {
      const block = rule.id.startsWith('EU-') || rule.id.startsWith('FR-') ? /^WTS\d{3}$/ : /^CPX\d{3}$/;
      expect(rule.catalogueCode, rule.id).toMatch(block);
    }
  });

  it('every rule carries its translation key and a legal source', () => {
    for (const rule of allRules()) {
      expect(rule.labelKey).toBe(`regulation:rules.${rule.id}`);
      expect(rule.source.length, rule.id).toBeGreaterThan(10);
    }
  });

  it.each(COUNTRIES)('%s: every rule result of a verdict carries the rule’s catalogue code, label key and source', (country) => {
    const verdict = classify(country, missionFacts());
    expect(verdict.rules).toEqual(
      rulesFor(country).map((rule) =>
        expect.objectContaining({ id: rule.id, catalogueCode: rule.catalogueCode, labelKey: rule.labelKey, source: rule.source }),
      ),
    );
  });

  it('docs/regulation-engine.md lists every rule with its catalogue code', () => {
    for (const rule of allRules()) {
      expect(docs, rule.id).toMatch(new RegExp(`\\|\\s*${rule.catalogueCode}\\s*\\|\\s*\`${rule.id}\`\\s*\\|`));
    }
  });
});

describe('Translations of the regulation vocabulary (en and fr)', () => {
  it('English and French have the same keys', () => {
    expect(keysOf(fr).sort()).toEqual(keysOf(en).sort());
  });

  const expected: Array<[string, readonly string[]]> = [
    ['categories', CATEGORIES],
    ['subcategories', SUBCATEGORIES],
    ['jpCategories', JP_CATEGORIES],
    ['outcomes', RULE_OUTCOMES],
    ['requirements', REQUIREMENT_CODES],
    ['blockers', BLOCKER_CODES],
    ['errors', REGULATION_ERROR_CODES],
    ['rules', allRules().map((rule) => rule.id)],
  ];

  it.each(expected)('every code of "%s" has a non-empty label in both languages, and nothing else', (section, codes) => {
    for (const catalogue of [en, fr] as Catalogue[]) {
      expect(Object.keys(catalogue[section] ?? {}).sort()).toEqual([...codes].sort());
      for (const code of codes) expect(catalogue[section]?.[code]?.trim(), `${section}.${code}`).toBeTruthy();
    }
  });

  it('French labels are French, not copies of the English ones', () => {
    const copies = keysOf(en).filter((key) => {
      const [section, code] = key.split(/\.(.+)/) as [string, string];
      return (en as Catalogue)[section]?.[code] === (fr as Catalogue)[section]?.[code] && code !== 'MC_PARACHUTE';
    });
    expect(copies).toEqual([]);
  });
});
