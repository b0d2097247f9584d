import { useMemo } from 'react';
import { Alert, Anchor, Box, Badge, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { FeatureCollection } from 'geojson';
import type { CircleLayerSpecification, LineLayerSpecification } from 'maplibre-gl';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { FitBounds } from '@/components/map/fit-bounds';
import { GeoJsonLayer } from '@/components/map/geojson-layer';
import { MapView } from '@/components/map/map-view';
import { paths } from '@/config/paths';
import { formatLocale } from '@/lib/format';
import type { Violation } from '@/shared/contracts/alerts';
import type { PostFlight } from '@/shared/contracts/post-flights';
import { FLIGHT_EPISODES_MAX, useFlightEpisodes, useFlownTrack } from '../api/flight-report';

const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };
// The flown path in dark blue, episodes as on the Violations screen: open red, ended grey.
const TRACK_LINE: LineLayerSpecification['paint'] = { 'line-color': '#1864ab', 'line-width': 3 };
const EPISODE_POINTS: CircleLayerSpecification['paint'] = {
  'circle-radius': 7,
  'circle-color': ['case', ['get', 'open'], '#e03131', '#495057'],
  'circle-stroke-color': '#ffffff',
  'circle-stroke-width': 2,
};

/** What an episode is about: the alert's name, or the conformance rule broken. */
function useEpisodeLabel() {
  const { t } = useTranslation('postFlights');
  return (episode: Violation) => (episode.alert ? episode.alert.name : t(`report.rules.${episode.rule ?? 'area'}`));
}

/**
 * The flight report's map (docs/post-flight.md "Flight report"): the flown track (every stored position of the
 * mission, a line per target) and the violation episodes of its flights, at their last offending position, listed
 * below with a link to each on the Violations screen.
 */
export function FlightReportMap({ diary }: { diary: PostFlight }) {
  const { t, i18n } = useTranslation('postFlights');
  const hasTrack = diary.proposedFlightTimeMin.fromTracks !== null;
  const track = useFlownTrack(diary.missionId, hasTrack);
  const episodes = useFlightEpisodes(diary.missionId);
  const label = useEpisodeLabel();
  const items = useMemo(() => episodes.data?.items ?? [], [episodes.data]);
  const points = useMemo<FeatureCollection>(
    () => ({
      type: 'FeatureCollection',
      features: items.map((episode) => ({
        type: 'Feature',
        properties: { open: episode.endedAt === null },
        geometry: { type: 'Point', coordinates: [episode.longitude, episode.latitude] },
      })),
    }),
    [items],
  );
  const lines = (track.data as FeatureCollection | undefined) ?? EMPTY;
  const positions = lines.features.reduce(
    (sum, feature) => sum + (feature.geometry.type === 'LineString' ? feature.geometry.coordinates.length : 0),
    0,
  );
  const dateTime = new Intl.DateTimeFormat(formatLocale(i18n.language), { dateStyle: 'short', timeStyle: 'medium', timeZone: 'UTC' });
  const nothing = !hasTrack && items.length === 0;

  return (
    <Stack gap="xs" data-testid="flight-report">
      <Title order={3} size="h5">
        {t('report.title')}
      </Title>
      {nothing ? (
        <Text size="sm" c="dimmed">
          {episodes.isPending ? t('report.loading') : t('report.nothing')}
        </Text>
      ) : (
        <Box
          h={300}
          pos="relative"
          data-testid="flight-report-map"
          data-track-positions={positions}
          data-episodes={items.length}
          style={{ borderRadius: 8, overflow: 'hidden' }}
        >
          <MapView label={t('report.map')} center={[2.17, 48.71]} zoom={10}>
            <GeoJsonLayer id="flight-report-track" type="line" data={lines} paint={TRACK_LINE} />
            <GeoJsonLayer id="flight-report-episodes" type="circle" data={points} paint={EPISODE_POINTS} />
            <FitBounds data={[lines, points]} />
          </MapView>
        </Box>
      )}
      {track.isError ? (
        <Alert color="red" data-testid="flight-report-track-failed">
          {t('report.trackFailed')}
        </Alert>
      ) : null}
      {!nothing ? (
        <Text size="sm" c="dimmed">
          {t('report.legend', { count: positions })}
        </Text>
      ) : null}
      {episodes.isError ? (
        <Alert color="red">{t('report.episodesFailed')}</Alert>
      ) : items.length > 0 ? (
        <Table.ScrollContainer minWidth={560}>
          <Table striped data-testid="flight-report-episodes">
            <Table.Caption>
              {t('report.episodes', { count: episodes.data?.total ?? items.length })}
              {(episodes.data?.total ?? 0) > FLIGHT_EPISODES_MAX ? ` ${t('report.episodesFirst', { count: FLIGHT_EPISODES_MAX })}` : ''}
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('report.startedAt')}</Table.Th>
                <Table.Th>{t('report.endedAt')}</Table.Th>
                <Table.Th>{t('report.about')}</Table.Th>
                <Table.Th>{t('report.positions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((episode) => (
                <Table.Tr key={episode.id} data-testid="flight-report-episode">
                  <Table.Td>
                    <Anchor component={Link} to={`${paths.violations.getHref()}?id=${episode.id}`}>
                      {dateTime.format(new Date(episode.startedAt))} UTC
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    {episode.endedAt ? (
                      `${dateTime.format(new Date(episode.endedAt))} UTC`
                    ) : (
                      <Badge color="red" variant="light">
                        {t('report.ongoing')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4}>{label(episode)}</Group>
                  </Table.Td>
                  <Table.Td>{episode.positionCount}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : episodes.isSuccess ? (
        <Text size="sm" data-testid="flight-report-no-episode">
          {t('report.noEpisode')}
        </Text>
      ) : null}
    </Stack>
  );
}
