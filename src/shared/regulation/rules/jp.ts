import type { MissionFacts } from '../facts';
import { defineRule, notApplicable, type RegulationRule, type RuleContext } from '../rule';
import { latestJpSubmissionDate } from '../working-days';
import { peopleDistanceM } from './eu';

const MLIT_URL = 'https://www1.mlit.go.jp/en/koku/uas.html';

/** 航空法 2条22項 as amended: unmanned aircraft from 100 g (was 200 g), with registration, from 20 Jun 2022 (C6). */
export const JP_100G_FROM = '2022-06-20';

const NOTICE_KAICHOBI_CATEGORY_II = 10;
const NOTICE_KAICHOBI_CATEGORY_III = 20;

function isUnmannedAircraft(facts: MissionFacts): boolean {
  return facts.massGrams >= (facts.dateISO >= JP_100G_FROM ? 100 : 200);
}

/** 航空法 132条の85 1項: airspaces that need a permission (the emergency airspace has no fact of its own). */
function permissionItems(facts: MissionFacts): string[] {
  return [
    (facts.nearAirport ?? facts.nearAerodrome) ? 'airport' : undefined,
    facts.maxHeightM >= 150 ? 'height150m' : undefined,
    (facts.inDID ?? facts.urban) ? 'did' : undefined,
  ].filter((item) => item !== undefined);
}

/** 航空法 132条の86 2項: methods that need an approval (dangerous goods and dropping have no facts). */
function approvalItems(facts: MissionFacts): string[] {
  return [
    facts.night === true ? 'night' : undefined,
    facts.vlos ? undefined : 'bvlos',
    peopleDistanceM(facts) < 30 ? 'within30m' : undefined,
    facts.eventSite === true ? 'eventSite' : undefined,
  ].filter((item) => item !== undefined);
}

function isTokuteiHiko(facts: MissionFacts): boolean {
  return permissionItems(facts).length > 0 || approvalItems(facts).length > 0;
}

/** Category III is a 特定飛行 over third parties, i.e. without 立入管理措置 (JP-CAT-01). */
function isOverThirdParties(facts: MissionFacts): boolean {
  return facts.accessControlled === false || facts.overPeople !== 'none';
}

function applicationNotice(context: RuleContext, required: number) {
  const latestSubmissionDateISO = latestJpSubmissionDate(context.facts.dateISO, required);
  const appliedOn = context.facts.applicationDateISO ?? context.nowISO;
  if (appliedOn === undefined) {
    return { outcome: 'info' as const, notice: { noticeWorkingDays: required, latestSubmissionDateISO } };
  }
  const noticeSatisfied = appliedOn <= latestSubmissionDateISO;
  return {
    outcome: noticeSatisfied ? ('pass' as const) : ('fail' as const),
    notice: { noticeWorkingDays: required, latestSubmissionDateISO, noticeSatisfied },
  };
}

export const jpRules: readonly RegulationRule[] = [
  defineRule({
    id: 'JP-DEF-01',
    catalogueCode: 'CPX001',
    source: `航空法 2条22項 ; 航空法施行規則 (100 g from 2022-06-20) — ${MLIT_URL}`,
    stage: 'gate',
    evaluate: ({ facts }) => {
      const thresholdGrams = facts.dateISO >= JP_100G_FROM ? 100 : 200;
      return isUnmannedAircraft(facts) ? { outcome: 'info', params: { thresholdGrams } } : notApplicable;
    },
  }),
  defineRule({
    id: 'JP-REG-01',
    catalogueCode: 'CPX002',
    source: `航空法 Part IX (無人航空機の登録: registration and Remote ID, from 2022-06-20) — ${MLIT_URL}`,
    stage: 'requirements',
    evaluate: ({ facts }) =>
      isUnmannedAircraft(facts) && facts.dateISO >= JP_100G_FROM ? { outcome: 'info', requirements: ['JP_REGISTRATION'] } : notApplicable,
  }),
  defineRule({
    id: 'JP-AIR-01',
    catalogueCode: 'CPX003',
    source: `航空法 132条の85 1項 ; 航空法施行規則 236条の71 — ${MLIT_URL}`,
    stage: 'requirements',
    evaluate: ({ facts }) => {
      if (!isUnmannedAircraft(facts)) return notApplicable;
      const items = permissionItems(facts);
      return items.length === 0
        ? { outcome: 'pass' }
        : { outcome: 'info', category: 'SPECIFIC', requirements: ['MLIT_PERMISSION'], params: { items: items.join(',') } };
    },
  }),
  defineRule({
    id: 'JP-METH-01',
    catalogueCode: 'CPX004',
    source: `航空法 132条の86 2項 — ${MLIT_URL}`,
    stage: 'requirements',
    evaluate: ({ facts }) => {
      if (!isUnmannedAircraft(facts)) return notApplicable;
      const items = approvalItems(facts);
      return items.length === 0
        ? { outcome: 'pass' }
        : { outcome: 'info', category: 'SPECIFIC', requirements: ['MLIT_APPROVAL'], params: { items: items.join(',') } };
    },
  }),
  defineRule({
    id: 'JP-CAT-01',
    catalogueCode: 'CPX005',
    source: '航空法 132条の85–86 ; 無人航空機に係る飛行許可等の審査要領 (カテゴリーⅠ–Ⅲ)',
    stage: 'requirements',
    evaluate: ({ facts }) => {
      if (!isUnmannedAircraft(facts)) return notApplicable;
      if (!isTokuteiHiko(facts)) return { outcome: 'pass', jpCategory: 'I' };
      return isOverThirdParties(facts)
        ? { outcome: 'info', category: 'CERTIFIED', jpCategory: 'III', requirements: ['JP_LICENSE_1', 'JP_TYPE_1'] }
        : { outcome: 'info', jpCategory: 'II' };
    },
  }),
  defineRule({
    id: 'JP-AGE-01',
    catalogueCode: 'CPX006',
    source: '航空法 132条の (技能証明: applicants aged 16 or more) — [SEC] not verified against the text',
    stage: 'age',
    evaluate: ({ facts, draft }) => {
      if (draft.jpCategory !== 'III') return notApplicable;
      return facts.pilotAge >= 16
        ? { outcome: 'pass', params: { minAge: 16 } }
        : { outcome: 'fail', category: 'FORBIDDEN', blockers: ['PILOT_MIN_AGE'], params: { minAge: 16 } };
    },
  }),
  defineRule({
    id: 'JP-NOT-01',
    catalogueCode: 'CPX007',
    source: '無人航空機に係る飛行許可等の審査要領 (10 開庁日) ; 行政機関の休日に関する法律 1条',
    stage: 'notice',
    evaluate: (context) => (context.draft.jpCategory === 'II' ? applicationNotice(context, NOTICE_KAICHOBI_CATEGORY_II) : notApplicable),
  }),
  defineRule({
    id: 'JP-NOT-02',
    catalogueCode: 'CPX008',
    source: '無人航空機に係る飛行許可等の審査要領 (カテゴリーⅢ飛行: 20 開庁日) ; 行政機関の休日に関する法律 1条',
    stage: 'notice',
    evaluate: (context) => (context.draft.jpCategory === 'III' ? applicationNotice(context, NOTICE_KAICHOBI_CATEGORY_III) : notApplicable),
  }),
];
