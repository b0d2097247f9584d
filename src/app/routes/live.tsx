import { Box, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DrawControl } from '@/components/map/draw-control';
import { MapView } from '@/components/map/map-view';
import { MapLayers } from '@/features/map-layers/components/map-layers';

/**
 * /backoffice/live: the airspace map; the traffic on it comes with the live-traffic issue. The drawing toolbar is a
 * preview of the mission editor's, which reuses DrawControl.
 */
export default function LiveRoute() {
  const { t } = useTranslation('map');
  return (
    <Box h="100%" style={{ display: 'flex', flexDirection: 'column' }} data-testid="live-map">
      <Text size="xs" c="dimmed" px="sm" py={4} data-testid="live-traffic-later">
        {t('live.trafficLater')}
      </Text>
      <Box style={{ flex: 1, minHeight: 0 }}>
        <MapView label={t('label')} hash>
          <MapLayers />
          <DrawControl />
        </MapView>
      </Box>
    </Box>
  );
}
