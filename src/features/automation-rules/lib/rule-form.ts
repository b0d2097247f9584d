import type { AutomationRuleCreate, AutomationRule } from '@/shared/contracts/automation-rules';
import type { Restriction } from '@/shared/contracts/requests';
import type { ImpactLevel } from '@/shared/domain/request-impact';

/** The form's flat fields; `toRuleBody` turns them into the API body (empty fields are no constraint). */
export interface RuleFormValues {
  airspaceId: string;
  title: string;
  mode: 'acceptAuto' | 'denyAuto';
  impactLevels: ImpactLevel[];
  fromDate: string;
  toDate: string;
  weekdays: number[];
  fromTime: string;
  toTime: string;
  maxHeightM: string;
  maxDurationMin: string;
  customReply: string;
  observerRequired: boolean;
  callBeforeAfter: boolean;
  restrictionMaxHeightM: string;
  restrictionText: string;
  enabled: boolean;
  priority: string;
}

export function emptyRuleForm(airspaceId: string): RuleFormValues {
  return {
    airspaceId,
    title: '',
    mode: 'acceptAuto',
    impactLevels: [],
    fromDate: '',
    toDate: '',
    weekdays: [],
    fromTime: '',
    toTime: '',
    maxHeightM: '',
    maxDurationMin: '',
    customReply: '',
    observerRequired: false,
    callBeforeAfter: false,
    restrictionMaxHeightM: '',
    restrictionText: '',
    enabled: false,
    priority: '0',
  };
}

const numberOrNull = (value: string) => (value.trim() === '' ? null : Number(value));

/** Restrictions only go with an accepting rule: a denying rule has none to attach. */
export function restrictionsOf(values: RuleFormValues): Restriction[] {
  if (values.mode === 'denyAuto') return [];
  const restrictions: Restriction[] = [];
  const maxHeightM = numberOrNull(values.restrictionMaxHeightM);
  if (maxHeightM !== null) restrictions.push({ kind: 'maxHeight', maxHeightM });
  if (values.observerRequired) restrictions.push({ kind: 'observerRequired' });
  if (values.callBeforeAfter) restrictions.push({ kind: 'callBeforeAfter' });
  if (values.restrictionText.trim()) restrictions.push({ kind: 'text', text: values.restrictionText.trim() });
  return restrictions;
}

/** The answer the rule gives to a request it applies to, as the form shows it before saving. */
export function answerOf(values: RuleFormValues): 'autoAccepted' | 'autoAcceptedWithRestrictions' | 'autoRejected' {
  if (values.mode === 'denyAuto') return 'autoRejected';
  return restrictionsOf(values).length > 0 ? 'autoAcceptedWithRestrictions' : 'autoAccepted';
}

export function toRuleBody(values: RuleFormValues): AutomationRuleCreate {
  const range = {
    fromDate: values.fromDate || null,
    toDate: values.toDate || null,
    weekdays: values.weekdays.length > 0 ? [...values.weekdays].sort() : null,
    fromTime: values.fromTime || null,
    toTime: values.toTime || null,
    maxHeightM: numberOrNull(values.maxHeightM),
    maxDurationMin: numberOrNull(values.maxDurationMin),
  };
  const hasRange = Object.values(range).some((value) => value !== null);
  return {
    airspaceId: values.airspaceId,
    title: values.title,
    mode: values.mode,
    impactLevels: values.impactLevels,
    range: hasRange ? range : null,
    customReply: values.customReply.trim() || null,
    restrictions: restrictionsOf(values),
    enabled: values.enabled,
    priority: Number(values.priority) || 0,
  };
}

export function fromRule(rule: AutomationRule): RuleFormValues {
  const text = (value: number | string | null | undefined) => (value === null || value === undefined ? '' : String(value));
  const restriction = <K extends Restriction['kind']>(kind: K) =>
    rule.restrictions.find((item) => item.kind === kind) as Extract<Restriction, { kind: K }> | undefined;
  return {
    airspaceId: rule.airspaceId,
    title: rule.title,
    mode: rule.mode,
    impactLevels: rule.impactLevels,
    fromDate: text(rule.range?.fromDate),
    toDate: text(rule.range?.toDate),
    weekdays: rule.range?.weekdays ?? [],
    fromTime: text(rule.range?.fromTime),
    toTime: text(rule.range?.toTime),
    maxHeightM: text(rule.range?.maxHeightM),
    maxDurationMin: text(rule.range?.maxDurationMin),
    customReply: rule.customReply ?? '',
    observerRequired: Boolean(restriction('observerRequired')),
    callBeforeAfter: Boolean(restriction('callBeforeAfter')),
    restrictionMaxHeightM: text(restriction('maxHeight')?.maxHeightM),
    restrictionText: restriction('text')?.text ?? '',
    enabled: rule.enabled,
    priority: String(rule.priority),
  };
}
