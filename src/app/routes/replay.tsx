import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, Box, Button, Checkbox, Group, Loader, NativeSelect, ScrollArea, Slider, Stack, Table, Text, Title } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { FitBounds } from '@/components/map/fit-bounds';
import { MapView } from '@/components/map/map-view';
import { SOURCE_COLORS } from '@/features/live/components/vehicle-icon';
import { ViewportWatcher } from '@/features/live/components/viewport-watcher';
import type { Bbox } from '@/features/live/live-state';
import {
  downloadReplayCsv,
  downloadReplayTrack,
  useReplayDensity,
  useReplayFlights,
  useReplayLoad,
  useReplayStations,
} from '@/features/replay/api/replay';
import { FollowTarget } from '@/features/replay/components/follow-target';
import { ReplayLayers, type ReplayLayerChoice } from '@/features/replay/components/replay-layers';
import {
  HeatmapLegend,
  HeightLegend,
  RssiLegend,
  SpeedLegend,
  SatellitesLegend,
  SourceLegend,
  StationLegend,
} from '@/features/replay/components/replay-legend';
import { countUntil, extentOf, sourcesOf } from '@/features/replay/replay-data';
import { useCan } from '@/lib/authorization';
import { notifyError } from '@/lib/api-client';
import { TRAFFIC_SOURCE_CODES } from '@/shared/contracts/alerts';
import { TRACK_EXPORT_FORMATS } from '@/shared/geo/track-files';
import { REPLAY_POSITIONS_MAX, REPLAY_SPAN_MAX_DAYS, replaySelectionSchema, type ReplaySelection } from '@/shared/contracts/replay';
import { dateTimeInputFormat, formatLocale } from '@/lib/format';
import { fromLocalDateTime, toLocalDateTime } from '@/lib/local-date-time';

const SPEEDS = [1, 10, 60, 300] as const;
/** How often a playing replay moves its time: the map redraws at most this often. */
const TICK_MS = 100;
const PREVIEW_ROWS = 10;
const HOUR_MS = 3_600_000;

/**
 * /backoffice/replay: choose a period, a flight (an account for an administrator), a source and optionally the map
 * view; replay the stored tracks with a time slider, play/pause and speed, following a target; switch the tracks,
 * source, height, speed, rssi, GPS-satellite, heatmap and ground-station layers with their legends; preview and download the selection (docs/post-flight.md "Replay").
 */
export default function ReplayRoute() {
  const { t, i18n } = useTranslation(['replay', 'live', 'map']);
  const phone = useMediaQuery('(max-width: 48em)');
  const isAdmin = useCan('JOURNEY_LIST_ADMIN');
  // ISO instants; the pickers show them in the browser's time zone and the reader's locale.
  const [from, setFrom] = useState<string | null>(() => new Date(Date.now() - 24 * HOUR_MS).toISOString());
  const [to, setTo] = useState<string | null>(() => new Date(Date.now() + HOUR_MS).toISOString());
  const [source, setSource] = useState('');
  const [missionId, setMissionId] = useState('');
  const [userId, setUserId] = useState('');
  const [inView, setInView] = useState(false);
  const [bbox, setBbox] = useState<Bbox | null>(null);
  const [layers, setLayers] = useState<ReplayLayerChoice>({
    tracks: true,
    source: false,
    height: false,
    speed: false,
    rssi: false,
    satellites: false,
    heatmap: false,
    stations: false,
  });
  const [followed, setFollowed] = useState('');
  const [at, setAt] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<number>(60);
  const { load, start } = useReplayLoad();
  const [replayed, setReplayed] = useState<ReplaySelection | null>(null);
  const density = useReplayDensity(replayed, layers.heatmap);
  const stations = useReplayStations(replayed, layers.stations);

  const period = useMemo(() => {
    const parsed = replaySelectionSchema.safeParse({ from, to });
    return parsed.success ? parsed.data : null;
  }, [from, to]);
  const flights = useReplayFlights(period && { ...period, ...(source ? { source: source as ReplaySelection['source'] } : {}) });
  const owners = useMemo(
    () => [...new Map((flights.data?.items ?? []).map((flight) => [flight.ownerId, flight.ownerName])).entries()],
    [flights.data],
  );
  const offered = (flights.data?.items ?? []).filter((flight) => !userId || flight.ownerId === userId);

  const selection = useMemo<ReplaySelection | null>(
    () =>
      period && {
        ...period,
        ...(source ? { source: source as ReplaySelection['source'] } : {}),
        ...(missionId ? { missionId } : {}),
        ...(userId ? { userId } : {}),
        ...(inView && bbox ? { bbox: [...bbox] } : {}),
      },
    [period, source, missionId, userId, inView, bbox],
  );

  const { data, status, truncated } = load;
  const first = data.time[0] ?? 0;
  const last = data.time[data.time.length - 1] ?? 0;
  const shown = countUntil(data.time, at);

  // The replay starts at the first position as soon as the first page is there.
  useEffect(() => {
    if (data.time.length > 0 && at < first) setAt(first);
  }, [data.time.length, at, first]);

  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => {
      setAt((current) => {
        const next = Math.min(current + TICK_MS * speed, last);
        if (next >= last) setPlaying(false);
        return next;
      });
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [playing, speed, last]);

  const replay = useCallback(() => {
    if (!selection) return;
    setPlaying(false);
    setAt(0);
    setFollowed('');
    setReplayed(selection);
    void start(selection);
  }, [selection, start]);

  const extent = useMemo(() => [extentOf(data)], [data]);
  const sources = useMemo(() => sourcesOf(data, TRAFFIC_SOURCE_CODES), [data]);
  const formatTime = (time: number) => new Date(time).toLocaleString(formatLocale(i18n.language));

  return (
    <Box h="100%" style={{ display: 'flex', flexDirection: phone ? 'column' : 'row', minHeight: 0 }} data-testid="replay-screen">
      <Box style={{ flex: 1, minHeight: 0, minWidth: 0 }}>
        <MapView label={t('map:label')} center={[2.2, 48.7]} zoom={10}>
          <ViewportWatcher onChange={setBbox} />
          <ReplayLayers
            data={data}
            start={first}
            at={at}
            layers={layers}
            density={density.data}
            stations={stations.data}
            sourceColors={SOURCE_COLORS}
          />
          <FitBounds data={extent} maxZoom={16} />
          <FollowTarget data={data} target={followed === '' ? null : Number(followed)} at={Math.max(at, first)} />
        </MapView>
      </Box>
      <Box
        component="aside"
        aria-label={t('panel')}
        w={phone ? '100%' : 360}
        h={phone ? '50%' : '100%'}
        style={{ display: 'flex', flexDirection: 'column', borderLeft: '1px solid var(--mantine-color-gray-3)' }}
      >
        <ScrollArea style={{ flex: 1, minHeight: 0 }} scrollbars="y">
          <Stack gap="sm" p="sm">
            <Title order={2} size="h4">
              {t('panel')}
            </Title>
            <Stack gap="xs" component="section" aria-label={t('selection.title')}>
              <Group grow gap="xs">
                <DateTimePicker
                  size="xs"
                  label={t('selection.from')}
                  valueFormat={dateTimeInputFormat(i18n.language)}
                  value={toLocalDateTime(from)}
                  onChange={(value) => setFrom(fromLocalDateTime(value))}
                  data-testid="replay-from"
                />
                <DateTimePicker
                  size="xs"
                  label={t('selection.to')}
                  valueFormat={dateTimeInputFormat(i18n.language)}
                  value={toLocalDateTime(to)}
                  onChange={(value) => setTo(fromLocalDateTime(value))}
                  data-testid="replay-to"
                />
              </Group>
              {period ? null : (
                <Text size="xs" c="red" role="alert">
                  {t('selection.badPeriod', { days: REPLAY_SPAN_MAX_DAYS })}
                </Text>
              )}
              <NativeSelect
                size="xs"
                label={t('selection.source')}
                value={source}
                onChange={(event) => setSource(event.currentTarget.value)}
                data={[
                  { value: '', label: t('selection.anySource') },
                  ...TRAFFIC_SOURCE_CODES.map((code) => ({ value: code, label: t(`live:sources.${code}`) })),
                ]}
                data-testid="replay-source"
              />
              {isAdmin ? (
                <NativeSelect
                  size="xs"
                  label={t('selection.account')}
                  value={userId}
                  onChange={(event) => {
                    setUserId(event.currentTarget.value);
                    setMissionId('');
                  }}
                  data={[{ value: '', label: t('selection.allAccounts') }, ...owners.map(([value, label]) => ({ value, label }))]}
                  data-testid="replay-account"
                />
              ) : null}
              <NativeSelect
                size="xs"
                label={t('selection.flight')}
                value={missionId}
                onChange={(event) => setMissionId(event.currentTarget.value)}
                data={[
                  { value: '', label: t('selection.allFlights') },
                  ...offered.map((flight) => ({
                    value: flight.missionId,
                    label: t('selection.flightOption', {
                      title: flight.title,
                      owner: flight.ownerName,
                      date: formatTime(Date.parse(flight.first)),
                    }),
                  })),
                ]}
                data-testid="replay-flight"
              />
              {flights.data && offered.length === 0 ? (
                <Text size="xs" c="dimmed" data-testid="replay-no-flights">
                  {t('selection.noFlights')}
                </Text>
              ) : null}
              <Checkbox
                size="xs"
                label={t('selection.inView')}
                checked={inView}
                onChange={(event) => setInView(event.currentTarget.checked)}
                data-testid="replay-in-view"
              />
              <Button
                size="xs"
                onClick={replay}
                disabled={!selection}
                loading={status === 'loading' && data.time.length === 0}
                data-testid="replay-load"
              >
                {t('selection.load')}
              </Button>
            </Stack>

            <Box role="status" aria-live="polite" data-testid="replay-status" data-status={status}>
              {status === 'idle' ? <Text size="xs">{t('status.idle')}</Text> : null}
              {status === 'loading' ? (
                <Group gap="xs">
                  <Loader size="xs" aria-hidden />
                  <Text size="xs">{t('status.loading')}</Text>
                </Group>
              ) : null}
              {status === 'error' ? (
                <Text size="xs" c="red">
                  {t('status.failed')}
                </Text>
              ) : null}
              {status === 'done' && data.time.length === 0 ? (
                <Text size="xs" data-testid="replay-empty">
                  {t('status.empty')}
                </Text>
              ) : null}
              {data.time.length > 0 ? (
                <Text size="xs" data-testid="replay-loaded" data-count={data.time.length}>
                  {t('status.loaded', { count: data.time.length, targets: data.targets.length })}
                </Text>
              ) : null}
              {truncated ? (
                <Alert color="yellow" p="xs">
                  <Text size="xs">{t('status.truncated', { count: REPLAY_POSITIONS_MAX })}</Text>
                </Alert>
              ) : null}
            </Box>

            {data.time.length > 0 ? (
              <Stack gap="xs" component="section" aria-label={t('player.title')}>
                <Group gap="xs" justify="space-between">
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => {
                      if (!playing && at >= last) setAt(first);
                      setPlaying(!playing);
                    }}
                    aria-pressed={playing}
                    data-testid="replay-play"
                  >
                    {playing ? t('player.pause') : t('player.play')}
                  </Button>
                  <NativeSelect
                    size="xs"
                    aria-label={t('player.speed')}
                    value={String(speed)}
                    onChange={(event) => setSpeed(Number(event.currentTarget.value))}
                    data={SPEEDS.map((value) => ({ value: String(value), label: t('player.speedValue', { speed: value }) }))}
                    data-testid="replay-speed"
                  />
                </Group>
                <Slider
                  min={0}
                  max={Math.max(1, Math.round((last - first) / 1000))}
                  step={1}
                  value={Math.round((Math.max(at, first) - first) / 1000)}
                  onChange={(seconds) => {
                    setPlaying(false);
                    setAt(first + seconds * 1000);
                  }}
                  label={(seconds) => new Date(first + seconds * 1000).toLocaleTimeString(formatLocale(i18n.language))}
                  thumbLabel={t('player.time')}
                  aria-describedby="replay-keys"
                  data-testid="replay-slider"
                />
                <NativeSelect
                  size="xs"
                  label={t('player.follow')}
                  value={followed}
                  onChange={(event) => setFollowed(event.currentTarget.value)}
                  data={[
                    { value: '', label: t('player.followNone') },
                    ...data.targets.map((target, index) => ({ value: String(index), label: target.ident })),
                  ]}
                  data-testid="replay-follow"
                />
                <Text size="xs" id="replay-keys" c="dimmed">
                  {t('player.keys')}
                </Text>
                <Group justify="space-between" gap="xs">
                  <Text size="xs" data-testid="replay-time">
                    {t('player.at', { time: formatTime(Math.max(at, first)) })}
                  </Text>
                  <Text size="xs" data-testid="replay-shown" data-count={shown}>
                    {t('player.shown', { count: shown })}
                  </Text>
                </Group>
              </Stack>
            ) : null}

            <Stack gap={4} component="section" aria-label={t('layers.title')}>
              <Text size="sm" fw={700}>
                {t('layers.title')}
              </Text>
              {(['tracks', 'source', 'height', 'speed', 'rssi', 'satellites', 'heatmap', 'stations'] as const).map((layer) => (
                <Checkbox
                  key={layer}
                  size="xs"
                  label={t(`layers.${layer}`)}
                  checked={layers[layer]}
                  onChange={(event) => setLayers({ ...layers, [layer]: event.currentTarget.checked })}
                  data-testid={`replay-layer-${layer}`}
                />
              ))}
              {layers.height ? <HeightLegend /> : null}
              {layers.speed ? <SpeedLegend /> : null}
              {layers.rssi ? <RssiLegend /> : null}
              {layers.satellites ? <SatellitesLegend /> : null}
              {layers.heatmap ? <HeatmapLegend /> : null}
              {layers.source ? <SourceLegend sources={sources} colors={SOURCE_COLORS} /> : null}
              {layers.stations ? <StationLegend stations={stations.data} /> : null}
            </Stack>

            {data.time.length > 0 && selection ? (
              <Stack gap={4} component="section" aria-label={t('extraction.title')}>
                <Text size="sm" fw={700}>
                  {t('extraction.title')}
                </Text>
                <Table fz="xs" captionSide="top" data-testid="replay-preview">
                  <Table.Caption>{t('extraction.preview')}</Table.Caption>
                  <Table.Thead>
                    <Table.Tr>
                      {(['time', 'ident', 'lat', 'lon', 'height', 'rssi', 'gpsSatellites'] as const).map((column) => (
                        <Table.Th key={column}>{t(`extraction.columns.${column}`)}</Table.Th>
                      ))}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.time.slice(0, PREVIEW_ROWS).map((time, i) => (
                      <Table.Tr key={i}>
                        <Table.Td>{new Date(time).toLocaleTimeString(formatLocale(i18n.language))}</Table.Td>
                        <Table.Td>{data.targets[data.target[i]!]!.ident}</Table.Td>
                        <Table.Td>{data.lat[i]!.toFixed(5)}</Table.Td>
                        <Table.Td>{data.lon[i]!.toFixed(5)}</Table.Td>
                        <Table.Td>{data.height[i] ?? ''}</Table.Td>
                        <Table.Td>{data.rssi[i] ?? ''}</Table.Td>
                        <Table.Td>{data.gpsSatellites[i] ?? ''}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => downloadReplayCsv(selection).catch(notifyError)}
                  data-testid="replay-csv"
                >
                  {t('extraction.csv')}
                </Button>
                <Group gap="xs" role="group" aria-label={t('extraction.export')}>
                  <Text size="xs">{t('extraction.export')}</Text>
                  {TRACK_EXPORT_FORMATS.map((format) => (
                    <Button
                      key={format}
                      size="compact-xs"
                      variant="default"
                      onClick={() => downloadReplayTrack(selection, format).catch(notifyError)}
                      data-testid={`replay-export-${format}`}
                    >
                      {t(`extraction.formats.${format}`)}
                    </Button>
                  ))}
                </Group>
              </Stack>
            ) : null}
          </Stack>
        </ScrollArea>
      </Box>
    </Box>
  );
}
