import { Alert, Badge, Group, List, NativeSelect, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import enRegulation from '@/locales/en/regulation.json';
import frRegulation from '@/locales/fr/regulation.json';
import { COUNTRIES, type Verdict } from '@/shared/regulation';
import type { Country } from './form-values';

export type LiveVerdict =
  | { kind: 'verdict'; verdict: Verdict }
  | { kind: 'missing'; fields: readonly string[] }
  | { kind: 'refused'; code: string; fields: readonly string[] }
  | { kind: 'noArea' };

// Every rule is shown with its English and French label whatever the interface language (issue 4).
const RULE_LABELS: Record<'en' | 'fr', Record<string, string>> = { en: enRegulation.rules, fr: frRegulation.rules };
const ruleLabel = (language: 'en' | 'fr', labelKey: string) => RULE_LABELS[language][labelKey.replace('regulation:rules.', '')] ?? labelKey;

const OUTCOME_COLORS = { pass: 'teal', fail: 'red', notApplicable: 'gray', info: 'blue' } as const;
const CATEGORY_COLORS = { OPEN: 'teal', SPECIFIC: 'orange', CERTIFIED: 'grape', FORBIDDEN: 'red' } as const;

export interface RegulationPanelProps {
  result: LiveVerdict;
  country: '' | Country;
  onCountry: (country: Country) => void;
  /** True while the inputs changed and the verdict has not caught up yet. */
  updating: boolean;
}

/** The live verdict of the form's values: category, requirements, blockers, caps, notice and every rule with its source. */
export function RegulationPanel({ result, country, onCountry, updating }: RegulationPanelProps) {
  const { t } = useTranslation(['missions', 'regulation']);
  return (
    <Stack data-testid="regulation-panel" data-updating={updating}>
      <NativeSelect
        label={t('fields.country')}
        value={country}
        onChange={(event) => onCountry(event.currentTarget.value as Country)}
        data={COUNTRIES.map((each) => ({ value: each, label: t(`countries.${each}`) }))}
        data-testid="regulation-country"
      />
      {result.kind === 'noArea' ? (
        <Alert color="gray">{t('regulation.noArea')}</Alert>
      ) : result.kind === 'missing' ? (
        <Alert color="yellow" title={t('regulation:errors.INSUFFICIENT_DATA')} data-testid="regulation-missing">
          <Text size="sm">{t('regulation.missingIntro')}</Text>
          <List size="sm">
            {result.fields.map((field) => (
              <List.Item key={field} data-testid={`missing-${field}`}>
                {t(`facts.${field}`)}
              </List.Item>
            ))}
          </List>
        </Alert>
      ) : result.kind === 'refused' ? (
        <Alert color="red" title={t(`regulation:errors.${result.code}`)} data-testid="regulation-refused" data-code={result.code}>
          {result.fields.length > 0 ? <Text size="sm">{result.fields.map((field) => t(`facts.${field}`)).join(', ')}</Text> : null}
        </Alert>
      ) : (
        <VerdictView verdict={result.verdict} />
      )}
    </Stack>
  );
}

function VerdictView({ verdict }: { verdict: Verdict }) {
  const { t } = useTranslation(['missions', 'regulation']);
  const notice = verdict.noticeWorkingDays ?? verdict.noticeDays;
  return (
    <Stack gap="sm" data-testid="verdict" data-category={verdict.category}>
      <Group>
        <Badge size="lg" color={CATEGORY_COLORS[verdict.category]} data-testid="verdict-category">
          {t(`regulation:categories.${verdict.category}`)}
        </Badge>
        {verdict.subcategory ? <Badge variant="light">{t(`regulation:subcategories.${verdict.subcategory}`)}</Badge> : null}
        {verdict.jpCategory ? <Badge variant="light">{t(`regulation:jpCategories.${verdict.jpCategory}`)}</Badge> : null}
      </Group>
      <Text size="sm" data-testid="verdict-max-height" data-value={verdict.maxHeightM ?? ''}>
        {verdict.maxHeightM === null ? t('regulation.noHeightCap') : t('regulation.maxHeight', { metres: verdict.maxHeightM })}
      </Text>
      {notice !== undefined ? (
        <Text size="sm" data-testid="verdict-notice">
          {t(verdict.noticeWorkingDays !== undefined ? 'regulation.noticeWorkingDays' : 'regulation.noticeDays', { count: notice })}
          {verdict.earliestFlightDateISO ? ` · ${t('regulation.earliest', { date: verdict.earliestFlightDateISO })}` : ''}
          {verdict.noticeSatisfied === false ? ` · ${t('regulation.noticeNotMet')}` : ''}
        </Text>
      ) : null}
      <div>
        <Title order={5}>{t('regulation.blockers')}</Title>
        {verdict.blockers.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('regulation.none')}
          </Text>
        ) : (
          <List size="sm" data-testid="verdict-blockers">
            {verdict.blockers.map((code) => (
              <List.Item key={code} data-testid={`blocker-${code}`}>
                {t(`regulation:blockers.${code}`)}
              </List.Item>
            ))}
          </List>
        )}
      </div>
      <div>
        <Title order={5}>{t('regulation.requirements')}</Title>
        {verdict.requirements.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('regulation.none')}
          </Text>
        ) : (
          <List size="sm" data-testid="verdict-requirements">
            {verdict.requirements.map((code) => (
              <List.Item key={code} data-testid={`requirement-${code}`}>
                {t(`regulation:requirements.${code}`)}
              </List.Item>
            ))}
          </List>
        )}
      </div>
      <Title order={5}>{t('regulation.rules')}</Title>
      <Table.ScrollContainer minWidth={520}>
        <Table fz="xs" striped data-testid="verdict-rules">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('regulation.code')}</Table.Th>
              <Table.Th>{t('regulation.outcome')}</Table.Th>
              <Table.Th>{t('regulation.rule')}</Table.Th>
              <Table.Th>{t('regulation.source')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {verdict.rules.map((rule, index) => (
              <Table.Tr
                key={`${rule.id}-${index}`}
                data-testid={`rule-${rule.id}`}
                data-outcome={rule.outcome}
                data-subjects={(rule.subjects ?? []).join('|')}
              >
                <Table.Td>{rule.catalogueCode}</Table.Td>
                <Table.Td>
                  <Badge size="xs" color={OUTCOME_COLORS[rule.outcome]}>
                    {t(`regulation:outcomes.${rule.outcome}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Text size="xs" lang="en">
                    {ruleLabel('en', rule.labelKey)}
                  </Text>
                  <Text size="xs" lang="fr" c="dimmed">
                    {ruleLabel('fr', rule.labelKey)}
                  </Text>
                  {rule.subjects && rule.subjects.length > 0 ? (
                    <Text size="xs" c="dimmed">
                      {rule.subjects.join(', ')}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  <Text size="xs" style={{ wordBreak: 'break-word' }}>
                    {rule.source}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
