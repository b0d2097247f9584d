import { Alert, Badge, Button, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { apiErrorCode } from '@/lib/api-client';
import enRegulation from '@/locales/en/regulation.json';
import frRegulation from '@/locales/fr/regulation.json';
import type { MissionDetail } from '@/shared/contracts/missions';
import type { ClassifyResult, MissionVerdict } from '@/shared/contracts/regulation';
import type { Verdict } from '@/shared/regulation/verdict';
import { useMissionVerdict } from '../api/regulation';

// In English a rule shows its French label under the English one, the legal text being French (issue 4); in French,
// the French label alone (issue 14).
const RULE_LABELS: Record<'en' | 'fr', Record<string, string>> = { en: enRegulation.rules, fr: frRegulation.rules };
const ruleLabel = (language: 'en' | 'fr', labelKey: string) => RULE_LABELS[language][labelKey.replace('regulation:rules.', '')] ?? labelKey;

const OUTCOME_COLORS = { pass: 'teal', fail: 'red', notApplicable: 'gray', info: 'blue' } as const;
const CATEGORY_COLORS = { OPEN: 'teal', SPECIFIC: 'orange', CERTIFIED: 'grape', FORBIDDEN: 'red' } as const;

export interface RegulationPanelProps {
  /** The saved mission; its stored verdict is the one shown (computed by the server on every save). */
  mission: MissionDetail | undefined;
  /** The form holds changes not saved yet: the verdict shown is the saved mission's. */
  dirty: boolean;
  /** Takes the user to the altitude field, when a verdict needs it. */
  onAskAltitude: () => void;
}

/**
 * The server's verdict of the saved mission, one per regulation of the countries its area lies in: category,
 * requirements, blockers, caps, notice and every rule with its source. Without a stored verdict, the server's reason.
 */
export function RegulationPanel({ mission, dirty, onAskAltitude }: RegulationPanelProps) {
  const { t } = useTranslation(['missions', 'regulation']);
  const stored = mission?.lastVerdict ?? null;
  const asked = useMissionVerdict(mission?.id, mission !== undefined && stored === null);
  const verdict = stored ?? asked.data ?? null;
  const error = asked.error ? { code: apiErrorCode(asked.error) ?? 'unexpected', fields: Object.keys(errorFields(asked.error)) } : null;
  return (
    <Stack data-testid="regulation-panel" data-source={stored ? 'stored' : verdict ? 'computed' : 'none'}>
      {!mission ? (
        <Alert color="gray" data-testid="regulation-save-first">
          {t('regulation.saveFirst')}
        </Alert>
      ) : null}
      {mission && dirty ? (
        <Alert color="yellow" p="xs" data-testid="regulation-unsaved">
          {t('regulation.unsaved')}
        </Alert>
      ) : null}
      {error?.code === 'INSUFFICIENT_DATA' ? (
        <Alert color="yellow" title={t('regulation:errors.INSUFFICIENT_DATA')} data-testid="regulation-missing">
          <Text size="sm">{t('regulation.missingIntro')}</Text>
          <List size="sm">
            {error.fields.map((field) => (
              <List.Item key={field} data-testid={`missing-${field}`}>
                {t(`facts.${field}`)}
              </List.Item>
            ))}
          </List>
        </Alert>
      ) : error ? (
        <Alert color="red" title={t(`errors:${error.code}`)} data-testid="regulation-refused" data-code={error.code} />
      ) : null}
      {verdict ? <MissionVerdictView verdict={verdict} onAskAltitude={onAskAltitude} /> : null}
    </Stack>
  );
}

function errorFields(error: unknown): Record<string, unknown> {
  const body = (error as { response?: { data?: { fields?: Record<string, unknown> } } }).response?.data;
  return body?.fields ?? {};
}

function MissionVerdictView({ verdict, onAskAltitude }: { verdict: MissionVerdict; onAskAltitude: () => void }) {
  const { t } = useTranslation(['missions', 'regulation']);
  const heights = verdict.groundElevationM === null ? null : verdict.groundElevationM;
  // The countries of each regulation the application holds no zone of (Germany for the EU rules of a Berlin mission).
  const withoutZones = (country: Verdict['country']) =>
    verdict.areaCountries
      .filter((each) => each.regulation === country && (verdict.zoneDataMissing ?? []).includes(each.code))
      .map((each) => each.code);
  return (
    <Stack gap="md">
      <Group gap="xs" data-testid="regulation-countries">
        {verdict.areaCountries.map((country) => (
          <Badge
            key={country.code}
            variant="light"
            color={country.regulation ? 'blue' : 'red'}
            data-testid={`area-country-${country.code}`}
            data-regulation={country.regulation ?? ''}
          >
            {country.code} · {country.regulation ? t(`countries.${country.regulation}`) : t('regulation:errors.REGULATION_NOT_SUPPORTED')}
          </Badge>
        ))}
      </Group>
      <Text size="sm" c="dimmed" data-testid="regulation-ground" data-value={heights ?? ''}>
        {heights === null
          ? t('regulation.groundUnknown')
          : t(verdict.groundSource === 'terrain' ? 'regulation.groundTerrain' : 'regulation.groundOperator', { metres: heights })}
      </Text>
      {verdict.verdicts.map((each) => (
        <Stack key={each.country} gap="xs" data-testid={`verdict-${each.country}`}>
          {verdict.verdicts.length > 1 ? <Title order={4}>{t(`countries.${each.country}`)}</Title> : null}
          <VerdictView verdict={each} withoutZones={withoutZones(each.country)} onAskAltitude={onAskAltitude} />
        </Stack>
      ))}
    </Stack>
  );
}

interface VerdictViewProps {
  verdict: ClassifyResult;
  /** The area's countries under this regulation whose zones the application does not hold (ISO alpha-2). */
  withoutZones: readonly string[];
  onAskAltitude: () => void;
}

/** The zones an altitude would settle (GZ-01-ALT), by name. */
function undecidedZones(verdict: ClassifyResult): string[] {
  const identifiers = verdict.rules.find((rule) => rule.id === 'GZ-01-ALT' && rule.outcome === 'fail')?.subjects ?? [];
  return identifiers.map((identifier) => verdict.geozones.find((zone) => zone.identifier === identifier)?.name || identifier);
}

function VerdictView({ verdict, withoutZones, onAskAltitude }: VerdictViewProps) {
  const { t, i18n } = useTranslation(['missions', 'regulation']);
  const french = i18n.language.startsWith('fr');
  const notice = verdict.noticeWorkingDays ?? verdict.noticeDays;
  const undecided = undecidedZones(verdict);
  const list = new Intl.ListFormat(i18n.language, { type: 'conjunction' });
  const regions = new Intl.DisplayNames([i18n.language], { type: 'region' });
  const incomplete = undecided.length > 0 || withoutZones.length > 0;
  return (
    <Stack gap="sm" data-testid="verdict" data-category={verdict.category} data-country={verdict.country} data-incomplete={incomplete}>
      {undecided.length > 0 ? (
        <Alert color="orange" title={t('regulation.altitudeNeeded')} data-testid="verdict-altitude-needed">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('regulation.altitudeNeededText', { zones: list.format(undecided) })}</Text>
            <Button size="xs" variant="light" onClick={onAskAltitude} data-testid="verdict-enter-altitude">
              {t('regulation.enterAltitude')}
            </Button>
          </Stack>
        </Alert>
      ) : null}
      {withoutZones.length > 0 ? (
        <Alert color="yellow" data-testid="verdict-no-zone-data" data-countries={withoutZones.join(' ')}>
          {t('regulation.noZoneData', { countries: list.format(withoutZones.map((code) => regions.of(code) ?? code)) })}
        </Alert>
      ) : null}
      <Group>
        {incomplete ? (
          <Badge size="lg" color="orange" variant="outline" data-testid="verdict-incomplete">
            {t('regulation.incomplete')}
          </Badge>
        ) : null}
        <Badge size="lg" color={CATEGORY_COLORS[verdict.category]} data-testid="verdict-category">
          {t(`regulation:categories.${verdict.category}`)}
        </Badge>
        {verdict.subcategory ? <Badge variant="light">{t(`regulation:subcategories.${verdict.subcategory}`)}</Badge> : null}
        {verdict.overview ? (
          <Badge variant="light" color="gray" data-testid="verdict-overview">
            {t(`regulation:overviews.${verdict.overview}`)}
          </Badge>
        ) : null}
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
                  {french ? (
                    <Text size="xs" lang="fr">
                      {ruleLabel('fr', rule.labelKey)}
                    </Text>
                  ) : (
                    <>
                      <Text size="xs" lang="en">
                        {ruleLabel('en', rule.labelKey)}
                      </Text>
                      <Text size="xs" lang="fr" c="dimmed">
                        {ruleLabel('fr', rule.labelKey)}
                      </Text>
                    </>
                  )}
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
