import { Alert, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LoadingIndicator } from '@/components/ui/loading-indicator';
import { RESTRICTION_COLORS } from '@/components/map/restriction-colors';
import type { ZoneIntersection } from '@/shared/contracts/zones';

export interface ZonesListProps {
  zones: readonly ZoneIntersection[] | undefined;
  loading: boolean;
  failed: boolean;
  hasArea: boolean;
  /** The planned height: a zone starting at or above it is not entered, it caps the height. */
  heightM: number | null;
}

/** The geozones the drawn areas touch, most restrictive first, with limits, authority and message (GZ-01…GZ-04). */
export function ZonesList({ zones, loading, failed, hasArea, heightM }: ZonesListProps) {
  const { t } = useTranslation('missions');
  // Published limits with their reference (AGL, AMSL) as the zone file gives them.
  const limitText = (metres: number | null, reference: string) =>
    metres === null ? t('zones.noCeiling') : t('zones.limit', { metres: Math.round(metres), reference });
  if (!hasArea) return <Alert color="gray">{t('zones.drawFirst')}</Alert>;
  if (failed) return <Alert color="red">{t('zones.failed')}</Alert>;
  if (!zones) return <LoadingIndicator size="sm" label={t('zones.loading')} />;
  return (
    <Stack gap="xs" data-testid="mission-zones" data-count={zones.length} aria-busy={loading}>
      <Text size="sm">{t('zones.count', { count: zones.length })}</Text>
      {zones.map((zone) => {
        const above = heightM !== null && zone.lowerLimitM >= heightM;
        const amslFloor = zone.volume.lowerReference !== 'AGL' && zone.volume.lowerM > 0;
        return (
          <Card
            key={`${zone.zoneId}-${zone.volumeIndex}`}
            withBorder
            p="xs"
            data-testid="mission-zone"
            data-restriction={zone.restriction}
            data-above={above}
          >
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm" fw={600}>
                {zone.name}
              </Text>
              <Badge color={RESTRICTION_COLORS[zone.restriction]} variant="filled" size="sm" style={{ flexShrink: 0 }}>
                {t(`restrictions.${zone.restriction}`)}
              </Badge>
            </Group>
            <Text size="xs">
              {t('zones.limits', {
                lower: zone.volume.lowerM === 0 ? t('zones.surface') : limitText(zone.volume.lowerM, zone.volume.lowerReference),
                upper: limitText(zone.volume.upperM, zone.volume.upperReference),
              })}
            </Text>
            {amslFloor ? (
              <Text size="xs" c="orange.8" data-testid="zone-amsl-floor">
                {t('zones.amslFloor')}
              </Text>
            ) : null}
            {above ? (
              <Text size="xs" c="teal.8" data-testid="zone-above">
                {t('zones.above', { metres: Math.round(zone.lowerLimitM) })}
              </Text>
            ) : null}
            {zone.authority?.name ? (
              <Text size="xs" c="dimmed">
                {t('zones.authority', { name: zone.authority.name })}
                {zone.intervalBeforeDays ? ` · ${t('zones.notice', { count: zone.intervalBeforeDays })}` : ''}
              </Text>
            ) : null}
            {zone.message ? (
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
                {zone.message}
              </Text>
            ) : null}
          </Card>
        );
      })}
    </Stack>
  );
}
