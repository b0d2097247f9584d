import { useCallback, useMemo, useRef, useState } from 'react';
import { Badge, Box, Button, Group, NativeSelect, ScrollArea, Select, Stack, Switch, Tabs, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { booleanPointInPolygon } from '@turf/turf';
import { DrawControl } from '@/components/map/draw-control';
import { MapView } from '@/components/map/map-view';
import { useAirspaceLive } from '@/features/airspace-live/api/get-airspace-live';
import { FlightCard } from '@/features/airspace-live/components/flight-card';
import { GrantedVolumesLayer } from '@/features/airspace-live/components/granted-volumes-layer';
import { WatchedFlightList } from '@/features/airspace-live/components/watched-flight-list';
import { STATE_COLORS, watchedFlights } from '@/features/airspace-live/watched-flights';
import { airspacesQueryOptions } from '@/features/airspaces/api/get-airspaces';
import { useFlightConformance } from '@/features/flights/conformance-store';
import { usePositionStatus } from '@/features/flights/position-poster';
import { useTakeoffs } from '@/features/flights/takeoff-store';
import { LiveLegend } from '@/features/live/components/live-legend';
import { LiveTargetsLayer } from '@/features/live/components/live-targets-layer';

import { ReachNotice } from '@/features/live/components/reach-notice';
import { SelectedTarget } from '@/features/live/components/selected-target';
import { SpotList } from '@/features/live/components/spot-list';
import { ViewportWatcher } from '@/features/live/components/viewport-watcher';
import { ViolationList } from '@/features/live/components/violation-list';
import { inBbox, STALE_CHOICES_MS, type Bbox } from '@/features/live/live-state';
import { useLiveTraffic } from '@/features/live/use-live-traffic';
import { useStaleness } from '@/features/live/use-staleness';
import { MapLayers } from '@/features/map-layers/components/map-layers';
import { useCan } from '@/lib/authorization';
import { showToast } from '@/lib/toast';
import type { AirspaceLive } from '@/shared/contracts/airspace-live';
import type { LiveTarget, LiveViolation } from '@/shared/contracts/traffic';
import { FlightsPanel } from '../flight/mission-flight';
import { OwnFlightLayer } from '../flight/own-flight-layer';

/**
 * /backoffice/live: live traffic of the viewport (targets, clusters, violations as they happen), the spot list, the
 * legend, the compact flight view of the flights recorded on this device (docs/flight.md), and, on a wide screen,
 * the drawing toolbar of the mission editor to measure an area. A manager watches his airspace (an administrator
 * chooses one): its outline, today's granted volumes, its flights coloured by conformance, their cards
 * (docs/airspace-manager.md "My airspace, live").
 */
export default function LiveRoute() {
  const { t } = useTranslation(['live', 'map']);
  const phone = useMediaQuery('(max-width: 48em)');
  const [bbox, setBbox] = useState<Bbox | null>(null);
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const [flightsOpened, setFlightsOpened] = useState(false);
  const [staleMs, setStaleMs] = useStaleness();
  const takeoffs = useTakeoffs();
  const takeoffIds = useMemo(() => takeoffs.map((record) => record.id), [takeoffs]);

  // The pilot is told of a violation of one of their flights; what counts as theirs is read when it arrives.
  const own = useRef<{ missions: Set<string>; idents: Set<string> }>({ missions: new Set(), idents: new Set() });
  const onNewViolation = useCallback(
    (violation: LiveViolation) => {
      const mine =
        (violation.missionId !== null && own.current.missions.has(violation.missionId)) ||
        own.current.idents.has(`${violation.source}:${violation.ident}`);
      if (!mine) return;
      showToast({
        color: 'red',
        title: t('violations.toastTitle'),
        message: t('violations.toast', { alert: violation.alertName, ident: violation.ident }),
        'data-testid': 'violation-toast',
      });
    },
    [t],
  );
  const { state, connection, loaded, reach } = useLiveTraffic(bbox, { staleMs, onNewViolation });

  const targets = useMemo(() => Object.values(state.targets), [state.targets]);
  const violations = useMemo(() => Object.values(state.violations), [state.violations]);
  const inView = useMemo(() => (bbox ? targets.filter((target) => inBbox(target, bbox)) : targets), [targets, bbox]);
  own.current = {
    missions: new Set([...takeoffIds, ...targets.flatMap((target) => (target.own && target.missionId ? [target.missionId] : []))]),
    idents: new Set(targets.filter((target) => target.own).map((target) => `${target.source}:${target.ident}`)),
  };
  const selected = selectedKey ? (state.targets[selectedKey] ?? null) : null;
  const ownPosition = useOwnPosition(targets);
  const [follow, setFollow] = useState(true);
  const unfollow = useCallback(() => setFollow(false), []);

  const watch = useAirspaceWatch();
  const flights = useMemo(
    () => (watch.live ? watchedFlights(insideOutline(targets, watch.live), state.conformance, watch.live.volumes) : []),
    [targets, state.conformance, watch.live],
  );
  const annotations = useMemo(
    () =>
      new Map(flights.map((flight) => [flight.key, { state: flight.state, color: STATE_COLORS[flight.state], caption: flight.caption }])),
    [flights],
  );
  const selectedFlight = flights.find((flight) => flight.key === selectedKey) ?? null;
  const ongoing = violations.filter((violation) => violation.endedAt === null).length;

  return (
    <Box
      h="100%"
      style={{ display: 'flex', flexDirection: phone ? 'column' : 'row', minHeight: 0 }}
      data-testid="live-map"
      data-connection={connection}
    >
      <Box style={{ flex: 1, minHeight: 0, minWidth: 0 }}>
        <MapView label={t('map:label')} hash>
          <MapLayers />
          {phone ? null : <DrawControl />}
          <ViewportWatcher onChange={setBbox} />
          <OwnFlightLayer missionIds={takeoffIds} position={ownPosition} follow={follow} viewport={bbox} onUnfollow={unfollow} />
          {watch.live ? <GrantedVolumesLayer live={watch.live} /> : null}
          <LiveTargetsLayer
            targets={targets}
            violations={violations}
            selectedKey={selectedKey}
            onSelect={setSelectedKey}
            annotations={annotations}
          />
        </MapView>
      </Box>
      <Box
        component="aside"
        aria-label={t('panel')}
        w={phone ? '100%' : 320}
        h={phone ? '45%' : '100%'}
        style={{ display: 'flex', flexDirection: 'column', borderLeft: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Stack gap="xs" p="xs">
          <Group justify="space-between" wrap="nowrap">
            <Badge
              color={connection === 'live' ? 'teal' : 'yellow'}
              variant="dot"
              role="status"
              data-testid="live-connection"
              data-state={connection}
            >
              {t(`connection.${connection}`)}
            </Badge>
            <Button size="compact-sm" variant="light" onClick={() => setFlightsOpened(true)} data-testid="open-flights">
              {t('flights:panel.myFlights')} {takeoffIds.length ? `(${takeoffIds.length})` : ''}
            </Button>
          </Group>
          <ReachNotice reach={reach} />
          {takeoffIds.length ? (
            <Switch
              size="sm"
              label={t('follow')}
              checked={follow}
              onChange={(event) => setFollow(event.currentTarget.checked)}
              data-testid="live-follow"
            />
          ) : null}
          <NativeSelect
            size="xs"
            label={t('staleness.label')}
            value={String(staleMs)}
            onChange={(event) => setStaleMs(Number(event.currentTarget.value))}
            data={STALE_CHOICES_MS.map((value) => ({ value: String(value), label: t('staleness.seconds', { count: value / 1000 }) }))}
            data-testid="live-staleness"
          />
          {selectedFlight ? (
            <FlightCard flight={selectedFlight} onClose={() => setSelectedKey(null)} />
          ) : selected ? (
            <SelectedTarget target={selected} onClose={() => setSelectedKey(null)} />
          ) : null}
        </Stack>
        <Tabs
          defaultValue={watch.manager ? 'airspace' : 'spots'}
          style={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}
        >
          <Tabs.List>
            {watch.enabled ? (
              <Tabs.Tab value="airspace" data-testid="live-tab-airspace">
                {t('airspace.title')}
              </Tabs.Tab>
            ) : null}
            <Tabs.Tab value="spots" data-testid="live-tab-spots">
              {t('spots.title')} ({inView.length})
            </Tabs.Tab>
            <Tabs.Tab value="violations" data-testid="live-tab-violations">
              {t('violations.title')}{' '}
              {ongoing ? (
                <Badge size="xs" color="red" component="span">
                  {ongoing}
                </Badge>
              ) : null}
            </Tabs.Tab>
            <Tabs.Tab value="legend" data-testid="live-tab-legend">
              {t('legend.title')}
            </Tabs.Tab>
          </Tabs.List>
          <ScrollArea style={{ flex: 1, minHeight: 0 }} p="xs">
            {watch.enabled ? (
              <Tabs.Panel value="airspace">
                <Stack gap="xs">
                  {watch.chooser}
                  {watch.error ? (
                    <Text size="sm" c="red" role="alert">
                      {t('airspace.loadFailed')}
                    </Text>
                  ) : watch.live && watch.live.airspaces.length === 0 && watch.manager ? (
                    <Text size="sm" c="dimmed">
                      {t('airspace.none')}
                    </Text>
                  ) : watch.live ? (
                    <WatchedFlightList
                      flights={flights}
                      volumes={watch.live.volumes}
                      selectedKey={selectedKey}
                      onSelect={setSelectedKey}
                      loading={!loaded}
                    />
                  ) : null}
                </Stack>
              </Tabs.Panel>
            ) : null}
            <Tabs.Panel value="spots">
              <SpotList targets={inView} selectedKey={selectedKey} onSelect={setSelectedKey} loading={!loaded} />
            </Tabs.Panel>
            <Tabs.Panel value="violations">
              <ViolationList violations={violations} />
            </Tabs.Panel>
            <Tabs.Panel value="legend">
              <LiveLegend />
            </Tabs.Panel>
          </ScrollArea>
        </Tabs>
        {!loaded && connection === 'retrying' ? (
          <Text size="xs" c="red" p="xs" role="alert">
            {t('connection.failed')}
          </Text>
        ) : null}
      </Box>
      <FlightsPanel opened={flightsOpened} onClose={() => setFlightsOpened(false)} missionIds={takeoffIds} />
    </Box>
  );
}

/**
 * Where this device's own flight is: its newest own target of the stream, else the position the server last answered
 * for it (any tab's), else the device's last fix.
 */
function useOwnPosition(targets: readonly LiveTarget[]): { lat: number; lon: number } | null {
  const conformance = useFlightConformance();
  const device = usePositionStatus();
  const newest = targets
    .filter((target) => target.own && target.source === 'mo')
    .reduce<LiveTarget | null>((best, target) => (!best || target.time > best.time ? target : best), null);
  const lat = newest?.lat ?? conformance?.lat ?? (device.state === 'ok' ? device.lat : null);
  const lon = newest?.lon ?? conformance?.lon ?? (device.state === 'ok' ? device.lon : null);
  return useMemo(() => (lat === null || lon === null ? null : { lat, lon }), [lat, lon]);
}

/** The targets inside the watched airspaces' outline. */
function insideOutline(targets: readonly LiveTarget[], live: AirspaceLive): LiveTarget[] {
  const shapes = live.airspaces.flatMap((airspace) => (airspace.geometry ? [airspace.geometry] : []));
  return targets.filter((target) => shapes.some((shape) => booleanPointInPolygon([target.lon, target.lat], shape)));
}

/**
 * Which airspace the live map watches: a manager his own; an administrator (TRAFFIC_LIST_ADMIN) the one he chooses,
 * none until then.
 */
function useAirspaceWatch() {
  const { t } = useTranslation('live');
  const admin = useCan('TRAFFIC_LIST_ADMIN');
  const manager = useCan('PREFLIGHTPROCEDURE_LIST') && !admin;
  const [chosen, setChosen] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const choices = useQuery({ ...airspacesQueryOptions({ search, pageSize: 50 }), enabled: admin });
  const live = useAirspaceLive(chosen, manager || chosen !== null);
  const chooser = admin ? (
    <Select
      size="xs"
      label={t('airspace.choose')}
      placeholder={t('airspace.choosePlaceholder')}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      value={chosen}
      onChange={setChosen}
      data={(choices.data?.items ?? []).map((airspace) => ({ value: airspace.id, label: airspace.name }))}
      data-testid="live-airspace-choice"
    />
  ) : null;
  return {
    enabled: admin || manager,
    manager,
    chooser,
    live: manager || chosen !== null ? (live.data ?? null) : null,
    error: live.isError,
  };
}
