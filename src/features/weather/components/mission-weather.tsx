import { Alert, Badge, Code, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LoadingIndicator } from '@/components/ui/loading-indicator';
import { apiErrorCode } from '@/lib/api-client';
import { zuluDateTime } from '@/lib/format';
import type { ForecastGroup, WeatherConditions } from '@/shared/contracts/weather';
import type { FlightCategory } from '@/shared/domain/weather';
import { useMissionWeather } from '../api/get-mission-weather';

/** Category colours as aviation weather services draw them: VFR green, MVFR blue, IFR red, LIFR magenta. */
const CATEGORY_COLORS: Record<FlightCategory, string> = { VFR: 'green.9', MVFR: 'blue.9', IFR: 'red.9', LIFR: 'grape.9' };

/** A report is one long line: wrapped at the panel's edge between its groups, never cut. */
const WRAPPED = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;

const EXPECTED_CODES = ['NO_WEATHER_FORECAST', 'NO_WEATHER_STATION', 'NO_RECORDED_WEATHER', 'MISSION_NO_AREA'];

export function CategoryBadge({ category }: { category: FlightCategory }) {
  const { t } = useTranslation('weather');
  return (
    <Badge color={CATEGORY_COLORS[category]} variant="filled" title={t(`categories.${category}`)} data-testid="weather-category">
      {category}
    </Badge>
  );
}

function useDescribe() {
  const { t, i18n } = useTranslation('weather');
  const number = new Intl.NumberFormat(i18n.language);
  return (conditions: WeatherConditions) => {
    const parts: string[] = [];
    if (conditions.cavok) parts.push(t('conditions.cavok'));
    else {
      if (conditions.visibilityM !== null)
        parts.push(
          conditions.visibilityM >= 9999
            ? t('conditions.visibilityUnlimited')
            : t('conditions.visibility', { value: number.format(conditions.visibilityM) }),
        );
      parts.push(
        conditions.ceilingFt === null ? t('conditions.noCeiling') : t('conditions.ceiling', { value: number.format(conditions.ceilingFt) }),
      );
    }
    if (conditions.windSpeedKt !== null) {
      const direction = conditions.windDirectionDeg === null ? t('conditions.variable') : `${conditions.windDirectionDeg}°`;
      parts.push(
        conditions.windGustKt === null
          ? t('conditions.wind', { direction, speed: conditions.windSpeedKt })
          : t('conditions.windGusts', { direction, speed: conditions.windSpeedKt, gust: conditions.windGustKt }),
      );
    }
    if (conditions.phenomena.length) parts.push(conditions.phenomena.join(' '));
    return parts.join(' · ');
  };
}

function useChangeLabel() {
  const { t } = useTranslation('weather');
  return (group: ForecastGroup) => {
    const change = group.change ? t(`changes.${group.change}`) : t('changes.initial');
    return group.probability ? t('changes.probability', { change, value: group.probability }) : change;
  };
}

/** The mission's forecast: the TAF of the nearest aerodrome at the start, its category and each group decoded. */
export function MissionWeather({ missionId, updatedAt }: { missionId: string; updatedAt: string }) {
  const { t, i18n } = useTranslation('weather');
  const describe = useDescribe();
  const changeLabel = useChangeLabel();
  const { data, isPending, error } = useMissionWeather(missionId, updatedAt);
  const time = (iso: string) => zuluDateTime(iso, i18n.language);

  let body;
  if (isPending) body = <LoadingIndicator size="sm" label={t('loading')} />;
  else if (error) {
    const code = apiErrorCode(error);
    body = (
      <Alert color={code && EXPECTED_CODES.includes(code) ? 'gray' : 'orange'} data-testid="weather-unavailable" data-code={code ?? ''}>
        {t(`errors:${code && EXPECTED_CODES.includes(code) ? code : 'unexpected'}`)}
      </Alert>
    );
  } else {
    body = (
      <Stack gap="xs" data-testid="mission-weather">
        <Group gap="xs">
          <CategoryBadge category={data.worstCategory} />
          <Text size="sm">
            {t('station', {
              name: data.station.name,
              icao: data.station.icao,
              distance: new Intl.NumberFormat(i18n.language).format(data.station.distanceKm),
            })}
          </Text>
        </Group>
        <Text size="sm">
          <strong>{t('atStart', { time: time(data.at) })}</strong> {describe(data.prevailing)}{' '}
          <Text span c="dimmed">
            ({data.prevailing.category})
          </Text>
        </Text>
        {data.supplemental.map((group) => (
          <Text size="sm" key={group.raw}>
            {t('supplemental', { change: changeLabel(group), conditions: describe(group), category: group.category })}
          </Text>
        ))}
        <Text size="xs" c="dimmed">
          {t('validity', { issued: time(data.issuedAt), from: time(data.validFrom), to: time(data.validTo) })}
        </Text>
        {data.recorded ? (
          <Alert color="yellow" p="xs" data-testid="weather-recorded">
            {t('recorded')}
          </Alert>
        ) : null}
        <Code block style={WRAPPED} data-testid="weather-raw">
          {data.raw}
        </Code>
        {data.metar ? (
          <Code block style={WRAPPED}>
            {data.metar}
          </Code>
        ) : null}
        <Table striped withTableBorder fz="xs" aria-label={t('groupsTitle')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('columns.period')}</Table.Th>
              <Table.Th>{t('columns.change')}</Table.Th>
              <Table.Th>{t('columns.conditions')}</Table.Th>
              <Table.Th>{t('columns.category')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.groups.map((group) => (
              <Table.Tr key={group.raw}>
                <Table.Td>
                  {time(group.start)} – {time(group.end)}
                </Table.Td>
                <Table.Td>{changeLabel(group)}</Table.Td>
                <Table.Td>{describe(group)}</Table.Td>
                <Table.Td>
                  <CategoryBadge category={group.category} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    );
  }
  return (
    <Stack gap="xs" mt="md">
      <Title order={5}>{t('title')}</Title>
      {body}
    </Stack>
  );
}
