import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert, Box, Button, Group, Paper, ScrollArea, Stack, Tabs, Text, Textarea, Title } from '@mantine/core';
import '@mantine/dates/styles.css';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { centroid, multiPolygon } from '@turf/turf';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useBlocker, useNavigate } from 'react-router-dom';
import { FitBounds } from '@/components/map/fit-bounds';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { MapView } from '@/components/map/map-view';
import { paths } from '@/config/paths';
import { apiErrorCode } from '@/lib/api-client';
import { applyServerFieldErrors, contractResolver } from '@/lib/forms';
import { showToast } from '@/lib/toast';
import {
  missionAreaIssue,
  missionCreateSchema,
  missionFormSchema,
  newMissionFormSchema,
  type MissionDetail,
} from '@/shared/contracts/missions';
import { ZONE_INTERSECT_MAX_SPAN_DEG } from '@/shared/contracts/zones';
import { useZoneIntersections } from '../api/intersect-zones';
import { useSaveMission } from '../api/save-mission';
import { StartOptions } from '../start-options/start-options';
import { toFormValues, toMissionInput, type MissionFormValues } from './form-values';
import { GeneralFields } from './general-fields';
import { MissionMap, type MarkerMeta } from './mission-map';
import { ConstraintFields, ContactFields, WaypointFields } from './other-fields';
import { RegulationPanel } from './regulation-panel';
import { StatusPanel } from './status-panel';
import { ZonesList } from './zones-list';

export const EDITOR_TABS = [
  'general',
  'regulation',
  'constraints',
  'documentation',
  'contact',
  'administration',
  'waypoints',
  'notification',
  'flightAuthorization',
  'flightReport',
] as const;
type EditorTab = (typeof EDITOR_TABS)[number];
/** Tab content another feature provides, through the route, for a saved mission. */
type MountedTab = 'documentation' | 'notification' | 'flightAuthorization' | 'flightReport';
const MOUNTED_TABS: readonly MountedTab[] = ['notification', 'flightAuthorization', 'flightReport'];

const FIELDS = Object.keys(missionCreateSchema.shape);
/**
 * Zones are looked up for a flight band of at least 120 m, as the server does for a stored mission
 * (docs/missions.md "Regulation"): a prohibited zone starting above the planned height still caps it.
 */
const ZONE_LOOKUP_MIN_HEIGHT_M = 120;
const DEBOUNCE_MS = 400;

const resolver = contractResolver(missionFormSchema, { toInput: toMissionInput });
const newMissionResolver = contractResolver(newMissionFormSchema, { toInput: toMissionInput });

function spanOk(areas: NonNullable<MissionFormValues['areas']>): boolean {
  const points = areas.coordinates.flat(2);
  const lons = points.map((p) => p[0] ?? 0);
  const lats = points.map((p) => p[1] ?? 0);
  return (
    Math.max(...lons) - Math.min(...lons) <= ZONE_INTERSECT_MAX_SPAN_DEG &&
    Math.max(...lats) - Math.min(...lats) <= ZONE_INTERSECT_MAX_SPAN_DEG
  );
}

export interface MissionEditorProps {
  mission?: MissionDetail;
  /** The layer switcher and regulatory layers, put on the map by the route (features do not import each other). */
  mapLayers?: ReactNode;
  /** The documents, notification, flight authorization and flight report of a saved mission, from their own features. */
  tabs?: Partial<Record<MountedTab, ReactNode>>;
  /** Shown under the general fields of a saved mission: its weather at the start. */
  weather?: ReactNode;
  /** Take-off, landing and the flight view of a saved mission, from the flights feature; flying waits for a save. */
  flight?: (state: { dirty: boolean }) => ReactNode;
}

/** The pre-flight screen: the map with the mission's drawing, and the tabs of spec domain §2 beside it. */
export function MissionEditor({ mission, mapLayers, tabs = {}, weather, flight }: MissionEditorProps) {
  const { t } = useTranslation('missions');
  const navigate = useNavigate();
  const save = useSaveMission();
  const form = useForm({ resolver: mission ? resolver : newMissionResolver, defaultValues: toFormValues(mission) });
  const { control, handleSubmit, setError, setValue, reset, getValues, formState } = form;
  const [tab, setTab] = useState<EditorTab>('general');
  const [saveError, setSaveError] = useState<string | null>(null);
  // Leaving with unsaved edits asks first (in the app and when the tab closes); the move after saving a new mission does not.
  const savedAndLeaving = useRef(false);
  const unsaved = formState.isDirty;
  const askAltitude = () => {
    setTab('general');
    requestAnimationFrame(() => form.setFocus('maxAltitudeFt'));
  };
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => unsaved && !savedAndLeaving.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);
  const markerMeta = useRef<MarkerMeta>(new Map());
  const [markerIds, setMarkerIds] = useState<(string | number)[]>([]);

  const values = useWatch({ control }) as MissionFormValues;
  // Debounced by content: the zone lookup follows the form once the user pauses.
  const valuesKey = JSON.stringify(values);
  const [settledKey] = useDebouncedValue(valuesKey, DEBOUNCE_MS);
  const settled = useMemo(() => JSON.parse(settledKey) as MissionFormValues, [settledKey]);
  const areaIssue = missionAreaIssue(values.areas);
  const height = settled.maxHeightM === '' ? null : settled.maxHeightM;
  // Recomputed each render on purpose: "now" moves, and a mission without start is checked against it.
  const intersectStart = settled.startAt ?? new Date(Math.floor(Date.now() / 60_000) * 60_000).toISOString();
  const intersect = useZoneIntersections(
    settled.areas && settled.areas.coordinates.length > 0 && spanOk(settled.areas)
      ? { areas: settled.areas, maxHeightM: Math.max(height ?? 0, ZONE_LOOKUP_MIN_HEIGHT_M), startAt: intersectStart }
      : null,
  );
  const zones = useMemo(() => intersect.data?.zones ?? [], [intersect.data]);

  const center = useMemo<[number, number] | undefined>(() => {
    const areas = mission?.areas;
    if (!areas || areas.coordinates.length === 0) return undefined;
    const [lon, lat] = centroid(multiPolygon(areas.coordinates)).geometry.coordinates;
    return [lon ?? 0, lat ?? 0];
  }, [mission?.areas]);

  const submit = handleSubmit(async (input) => {
    setSaveError(null);
    try {
      const saved = await save.mutateAsync({ id: mission?.id, body: input });
      showToast({ color: 'teal', message: t('saved'), 'data-testid': 'mission-saved' });
      if (mission) reset(toFormValues(saved));
      else {
        savedAndLeaving.current = true;
        void navigate(paths.preflightEdit.getHref(saved.id), { replace: true });
      }
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, FIELDS)) setSaveError(apiErrorCode(error) ?? 'unexpected');
    }
  });

  const setStart = (start: Date) => {
    const startAt = start.toISOString();
    setValue('startAt', startAt, { shouldDirty: true, shouldValidate: true });
    const endAt = getValues('endAt');
    // A start chosen from the options keeps the window's length, or gives a one-hour window.
    if (!endAt || new Date(endAt) <= start) setValue('endAt', new Date(start.getTime() + 3_600_000).toISOString(), { shouldDirty: true });
  };

  const editable = !mission || ['draft', 'initiated', 'complete'].includes(mission.status);
  const phone = useMediaQuery('(max-width: 48em)');

  return (
    <FormProvider {...form}>
      {/* On a phone the map sits above the form, each half the height, instead of beside it. */}
      <Box h="100%" style={{ display: 'flex', flexDirection: phone ? 'column' : 'row', minHeight: 0 }} data-testid="mission-editor">
        <Box style={{ flex: 1, minWidth: 0, minHeight: 0, position: 'relative' }}>
          <MapView label={t('map.label')} center={center} zoom={center ? 13 : undefined} hash={!mission}>
            {mapLayers}
            <FitBounds data={[mission?.areas]} />
            <MissionMap
              missionId={mission?.id}
              readOnly={!editable}
              zones={zones}
              markerMeta={markerMeta.current}
              onMarkerIds={setMarkerIds}
            />
          </MapView>
        </Box>
        <Paper
          w={phone ? '100%' : { base: 420, xl: 560 }}
          h={phone ? '55%' : undefined}
          withBorder
          radius={0}
          style={{ display: 'flex', flexDirection: 'column', minHeight: 0, overflow: 'hidden' }}
        >
          <form
            onSubmit={submit}
            noValidate
            aria-label={t(mission ? 'editTitle' : 'addTitle')}
            data-testid="mission-form"
            style={{ display: 'contents' }}
          >
            <Group justify="space-between" p="sm" wrap="nowrap">
              <Title order={3} size="h4">
                {mission ? mission.title : t('addTitle')}
              </Title>
              <Button type="submit" loading={save.isPending} disabled={!editable} data-testid="mission-save">
                {t('save')}
              </Button>
            </Group>
            {mission && flight ? <Box px="sm">{flight({ dirty: formState.isDirty })}</Box> : null}
            {!editable ? (
              <Alert color="gray" mx="sm" p="xs">
                {t('notEditable')}
              </Alert>
            ) : null}
            {editable && mission?.fieldsLocked ? (
              <Alert color="blue" mx="sm" p="xs" data-testid="mission-fields-locked">
                {t('fieldsLocked')}
              </Alert>
            ) : null}
            {saveError ? (
              <Alert color="red" mx="sm" p="xs" role="alert" data-testid="mission-save-error" data-code={saveError}>
                {t(`errors:${saveError}`)}
              </Alert>
            ) : null}
            {formState.errors.areas?.message && areaIssue ? (
              <Text size="xs" c="red" px="sm" data-testid="mission-area-error">
                {t(`errors:${areaIssue}`)}
              </Text>
            ) : null}
            <Tabs
              value={tab}
              onChange={(next) => next && setTab(next as EditorTab)}
              style={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1 }}
            >
              {/* The ten tabs wrap onto a second line rather than scroll out of sight (a phone shows three). */}
              <Tabs.List style={{ flexShrink: 0 }} data-testid="mission-tabs">
                {EDITOR_TABS.map((each) => (
                  <Tabs.Tab key={each} value={each} disabled={each === 'administration' && !mission} data-testid={`mission-tab-${each}`}>
                    {t(`tabs.${each}`)}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
              {/* Focusable, so that a read-only mission (every field disabled) still scrolls by keyboard (axe scrollable-region-focusable). */}
              <ScrollArea
                style={{ flex: 1, minHeight: 0 }}
                p="sm"
                viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': t(`tabs.${tab}`) }}
              >
                <Tabs.Panel value="general">
                  <fieldset disabled={!editable} style={{ border: 0, padding: 0, margin: 0 }}>
                    <GeneralFields
                      missionId={mission?.id}
                      startOptions={editable ? <StartOptions onStart={setStart} /> : undefined}
                      groundElevationM={mission?.groundElevationM ?? null}
                      altitudeNeeded={mission?.lastVerdict?.blockers.includes('MISSION_ALTITUDE_REQUIRED') ?? false}
                      locked={mission?.fieldsLocked ?? false}
                    />
                  </fieldset>
                  {mission ? weather : null}
                </Tabs.Panel>
                <Tabs.Panel value="regulation">
                  <RegulationPanel mission={mission} dirty={formState.isDirty} onAskAltitude={askAltitude} />
                </Tabs.Panel>
                <Tabs.Panel value="constraints">
                  <Stack>
                    <fieldset disabled={!editable} style={{ border: 0, padding: 0, margin: 0 }}>
                      <ConstraintFields />
                    </fieldset>
                    <Title order={5}>{t('zones.title')}</Title>
                    <ZonesList
                      zones={intersect.data?.zones}
                      loading={intersect.isFetching}
                      failed={intersect.isError}
                      hasArea={!!values.areas && values.areas.coordinates.length > 0}
                      heightM={height}
                    />
                  </Stack>
                </Tabs.Panel>
                <Tabs.Panel value="documentation">
                  <Stack>
                    {mission && tabs.documentation ? (
                      tabs.documentation
                    ) : (
                      <Alert color="gray" data-testid="save-first-documentation">
                        {t('saveFirst.documentation')}
                      </Alert>
                    )}
                    <Textarea
                      label={t('fields.additionalRequirements')}
                      autosize
                      minRows={3}
                      disabled={!editable}
                      {...form.register('additionalRequirements')}
                    />
                  </Stack>
                </Tabs.Panel>
                <Tabs.Panel value="contact">
                  <fieldset disabled={!editable} style={{ border: 0, padding: 0, margin: 0 }}>
                    <ContactFields />
                  </fieldset>
                </Tabs.Panel>
                <Tabs.Panel value="administration">
                  {mission ? <StatusPanel mission={mission} dirty={formState.isDirty} /> : null}
                </Tabs.Panel>
                <Tabs.Panel value="waypoints">
                  <WaypointFields markerIds={markerIds} markerMeta={markerMeta.current} />
                </Tabs.Panel>
                {MOUNTED_TABS.map((each) => (
                  <Tabs.Panel key={each} value={each}>
                    {mission && tabs[each] ? (
                      tabs[each]
                    ) : (
                      <Alert color="gray" data-testid={`save-first-${each}`}>
                        {t(`saveFirst.${each}`)}
                      </Alert>
                    )}
                  </Tabs.Panel>
                ))}
              </ScrollArea>
            </Tabs>
          </form>
        </Paper>
      </Box>
      <ConfirmDialog
        opened={blocker.state === 'blocked'}
        title={t('leave.title')}
        message={t('leave.message')}
        confirmLabel={t('leave.confirm')}
        cancelLabel={t('leave.cancel')}
        onConfirm={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
      />
    </FormProvider>
  );
}
