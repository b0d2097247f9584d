import { Alert, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { missionAreaIssue, missionAreaKm2, type MissionAreas } from '@/shared/contracts/missions';
import { MISSION_MAX_AREA_KM2 } from '@/shared/domain/limits';

/** The mission's total area and, when it cannot be saved, why (spec domain §5: one area at least, 10 km² at most). */
export function AreaSummary({ areas }: { areas: MissionAreas | null }) {
  const { t, i18n } = useTranslation(['missions', 'errors']);
  const km2 = missionAreaKm2(areas);
  const issue = missionAreaIssue(areas);
  const figure = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 }).format(km2);
  return (
    <>
      <Text size="xs" data-testid="mission-area" data-km2={km2.toFixed(3)} aria-live="polite">
        {t('missions:map.totalArea', { km2: figure, max: MISSION_MAX_AREA_KM2 })}
      </Text>
      {issue ? (
        <Alert
          color={issue === 'MISSION_AREA_TOO_LARGE' ? 'red' : 'gray'}
          p={6}
          role="alert"
          data-testid="mission-area-issue"
          data-code={issue}
        >
          <Text size="xs">{t(`errors:${issue}`)}</Text>
        </Alert>
      ) : null}
    </>
  );
}
