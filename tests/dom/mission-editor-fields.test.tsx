import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormProvider, useForm } from 'react-hook-form';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LocalizedDates } from '@/app/layouts/localized-dates';
import { AppProvider } from '@/app/provider';
import { AreaSummary } from '@/features/missions/editor/area-summary';
import { toFormValues, toMissionInput, type MissionFormValues } from '@/features/missions/editor/form-values';
import { GeneralFields } from '@/features/missions/editor/general-fields';
import { HeightFields } from '@/features/missions/editor/height-fields';
import { ConstraintFields, WaypointFields } from '@/features/missions/editor/other-fields';
import type { MarkerMeta } from '@/features/missions/editor/mission-map';
import { changeLanguage, i18n, initI18n, loadNamespaces } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import type { MissionAreas } from '@/shared/contracts/missions';
import { mockApi, resetApp } from './helpers';

/** A square of `sideDeg` degrees at Melun (48.6° N): 0.01° is about 0.82 km², 0.04° about 13 km². */
const square = (sideDeg: number): MissionAreas => ({
  type: 'MultiPolygon',
  coordinates: [
    [
      [
        [2.6, 48.6],
        [2.6 + sideDeg, 48.6],
        [2.6 + sideDeg, 48.6 + sideDeg],
        [2.6, 48.6 + sideDeg],
        [2.6, 48.6],
      ],
    ],
  ],
});

let latest: MissionFormValues | undefined;

function HeightForm({ groundElevationM = null }: { groundElevationM?: number | null }) {
  const form = useForm<MissionFormValues>({ defaultValues: toFormValues() });
  latest = form.watch();
  return (
    <FormProvider {...form}>
      <HeightFields groundElevationM={groundElevationM} />
    </FormProvider>
  );
}

const renderWithProviders = (node: React.ReactNode) =>
  render(
    <MantineProvider>
      <I18nextProvider i18n={i18n}>{node}</I18nextProvider>
    </MantineProvider>,
  );

describe('mission form: height and area', () => {
  beforeAll(async () => {
    await initI18n('en');
    await loadNamespaces('missions', 'errors');
  });

  afterEach(async () => {
    await changeLanguage('en');
  });

  it('keeps the height above ground and the altitude above sea level as two figures', async () => {
    renderWithProviders(<HeightForm />);

    await userEvent.type(screen.getByTestId('mission-height-m'), '40');
    expect(screen.getByTestId('mission-height-ft')).toHaveValue('');
    await userEvent.type(screen.getByTestId('mission-height-ft'), '400');
    expect(screen.getByTestId('mission-height-m')).toHaveValue('40');
    expect(latest).toMatchObject({ maxHeightM: 40, maxAltitudeFt: 400 });
  });

  it('shows each figure in the other reference once the ground is known: m AGL and ft AMSL together', async () => {
    renderWithProviders(<HeightForm groundElevationM={60} />);

    await userEvent.type(screen.getByTestId('mission-height-m'), '40');
    // 60 m of ground + 40 m = 100 m AMSL = 328 ft.
    expect(screen.getByText('= 328 ft AMSL')).toBeInTheDocument();
    await userEvent.type(screen.getByTestId('mission-height-ft'), '400');
    // 400 ft = 121.92 m AMSL, 60 m of ground: 62 m above it.
    expect(screen.getByText('= 62 m AGL')).toBeInTheDocument();
    expect(screen.getByTestId('mission-ground')).toHaveAttribute('data-value', '60');
  });

  it('sends both figures as entered', () => {
    const values = { ...toFormValues(), title: 'Survey', maxHeightM: 40, maxAltitudeFt: 400 } satisfies MissionFormValues;
    expect(toMissionInput(values)).toMatchObject({ maxHeightM: 40, maxAltitudeFt: 400, referentPilotId: null, waypoints: null });
  });

  it("asks for public space, a protected-species zone and an obstacle owner's request, and sends the answers", async () => {
    let values: MissionFormValues | undefined;
    function ConstraintsForm() {
      const form = useForm<MissionFormValues>({ defaultValues: toFormValues() });
      values = form.watch();
      return (
        <FormProvider {...form}>
          <ConstraintFields />
        </FormProvider>
      );
    }
    renderWithProviders(<ConstraintsForm />);

    await userEvent.selectOptions(screen.getByLabelText('Over public space'), 'yes');
    await userEvent.selectOptions(screen.getByLabelText('In a protected-species zone'), 'no');
    expect(screen.getByLabelText('Flight above 120 m asked by the owner of an obstacle')).toHaveValue('');

    expect(toMissionInput(values!).constraints).toEqual({ publicSpace: true, inProtectedSpeciesZone: false });
  });

  it("asks an obstacle marker's height, keeps it for the map, sends it, and drops it when the marker is no obstacle", async () => {
    const meta: MarkerMeta = new Map();
    function MarkersForm() {
      const form = useForm<MissionFormValues>({
        defaultValues: { ...toFormValues(), contextMarkers: [{ kind: 'obstacle', position: [2.35, 48.85], radiusM: 0 }] },
      });
      latest = form.watch();
      return (
        <FormProvider {...form}>
          <WaypointFields markerIds={['marker-1']} markerMeta={meta} />
        </FormProvider>
      );
    }
    renderWithProviders(<MarkersForm />);

    await userEvent.type(screen.getByTestId('marker-height-0'), '130');

    expect(latest!.contextMarkers[0]).toEqual({ kind: 'obstacle', position: [2.35, 48.85], radiusM: 0, heightM: 130 });
    expect(meta.get('marker-1')).toEqual({ kind: 'obstacle', radiusM: 0, heightM: 130 });
    expect(toMissionInput(latest!).contextMarkers).toEqual([{ kind: 'obstacle', position: [2.35, 48.85], radiusM: 0, heightM: 130 }]);

    await userEvent.selectOptions(screen.getByLabelText('Marker kind'), 'Take-off');
    expect(screen.queryByTestId('marker-height-0')).not.toBeInTheDocument();
    expect(latest!.contextMarkers[0]).toEqual({ kind: 'takeoff', position: [2.35, 48.85], radiusM: 0 });
  });

  it('asks for an area while none is drawn', () => {
    renderWithProviders(<AreaSummary areas={null} />);
    expect(screen.getByTestId('mission-area-issue')).toHaveAttribute('data-code', 'MISSION_NO_AREA');
    expect(screen.getByTestId('mission-area-issue')).toHaveTextContent('A flight area is required.');
  });

  it('shows the total area and no message for an area under 10 km²', () => {
    renderWithProviders(<AreaSummary areas={square(0.01)} />);
    expect(Number(screen.getByTestId('mission-area').getAttribute('data-km2'))).toBeCloseTo(0.82, 1);
    expect(screen.queryByTestId('mission-area-issue')).not.toBeInTheDocument();
  });

  it('refuses an area over 10 km² with the translated message, in English and in French', async () => {
    const { unmount } = renderWithProviders(<AreaSummary areas={square(0.04)} />);
    expect(screen.getByTestId('mission-area-issue')).toHaveAttribute('data-code', 'MISSION_AREA_TOO_LARGE');
    expect(screen.getByTestId('mission-area-issue')).toHaveTextContent('The flight area cannot exceed 10 km².');
    unmount();

    await changeLanguage('fr');
    await loadNamespaces('missions', 'errors');
    renderWithProviders(<AreaSummary areas={square(0.04)} />);
    expect(screen.getByTestId('mission-area-issue')).toHaveTextContent('La zone de vol ne peut pas dépasser 10 km².');
  });
});

describe('mission editor: saved referent pilot and main machine', () => {
  afterEach(resetApp);

  function SavedMissionForm({ locked = false }: { locked?: boolean }) {
    const form = useForm<MissionFormValues>({ defaultValues: { ...toFormValues(), referentPilotId: 'p-2', mainMachineId: 'm-2' } });
    return (
      <FormProvider {...form}>
        <GeneralFields missionId="mission-1" locked={locked} startOptions={<button type="button">Tomorrow</button>} />
      </FormProvider>
    );
  }

  it('marks the fields an accepted request locks, and leaves the others editable', async () => {
    mockApi(() => ({ status: 200, data: { pilots: [], machines: [] } }));
    render(
      <AppProvider queryClient={createQueryClient()}>
        <SavedMissionForm locked />
      </AppProvider>,
    );

    for (const id of ['mission-machine', 'mission-height-m']) expect(await screen.findByTestId(id)).toBeDisabled();
    for (const id of ['mission-startAt', 'mission-endAt']) expect(screen.getByTestId(id)).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Tomorrow' })).not.toBeInTheDocument();
    expect(screen.getByTestId('mission-title')).toBeEnabled();
    expect(screen.getByTestId('mission-pilot')).toBeEnabled();
    expect(screen.getByTestId('mission-height-ft')).toBeEnabled();
  });

  it("writes the start in the reader's locale and names the picker's months in the app's language", async () => {
    mockApi(() => ({ status: 200, data: { pilots: [], machines: [] } }));
    function StartForm() {
      const form = useForm<MissionFormValues>({ defaultValues: { ...toFormValues(), startAt: '2026-07-01T12:00:00.000Z' } });
      return (
        <LocalizedDates>
          <FormProvider {...form}>
            <GeneralFields missionId="mission-1" />
          </FormProvider>
        </LocalizedDates>
      );
    }
    const { unmount } = render(
      <AppProvider queryClient={createQueryClient()}>
        <StartForm />
      </AppProvider>,
    );
    // jsdom's browser prefers en-US: month first, 12-hour clock (the hour depends on the test machine's time zone).
    expect(await screen.findByTestId('mission-startAt')).toHaveTextContent(/^07\/01\/2026, \d\d:00\s(AM|PM)$/);
    unmount();

    await changeLanguage('fr');
    await loadNamespaces('missions');
    render(
      <AppProvider queryClient={createQueryClient()}>
        <StartForm />
      </AppProvider>,
    );
    const start = await screen.findByTestId('mission-startAt');
    expect(start).toHaveTextContent(/^01\/07\/2026 \d\d:00$/);
    await userEvent.click(start);
    expect(await screen.findByText('juillet 2026')).toBeInTheDocument();
  });

  it('show the stored choices once the pilots and machines have loaded after the mission', async () => {
    let release!: () => void;
    const loaded = new Promise<void>((resolve) => (release = resolve));
    mockApi(async (request) => {
      await loaded;
      // The mission's owner's choices, read through the mission (an administrator lacks the registry's rights).
      if (request.url === 'preflights/choices' && request.params?.missionId === 'mission-1')
        return {
          status: 200,
          data: {
            pilots: [
              { id: 'p-1', firstName: 'Ann', lastName: 'One' },
              { id: 'p-2', firstName: 'Pierre', lastName: 'Durand' },
            ],
            machines: [
              { id: 'm-1', internalName: 'Scout', serialNumber: 'SN-1' },
              { id: 'm-2', internalName: 'Mapper 1', serialNumber: 'SN-2' },
            ],
          },
        };
      return { status: 404, data: { code: 'NOT_FOUND' } };
    });
    render(
      <AppProvider queryClient={createQueryClient()}>
        <SavedMissionForm />
      </AppProvider>,
    );
    const pilot = await screen.findByTestId('mission-pilot');
    release();

    await waitFor(() => expect(pilot).toHaveValue('p-2'));
    expect(screen.getByTestId('mission-machine')).toHaveValue('m-2');
    expect(within(pilot).getByRole('option', { selected: true })).toHaveTextContent('Pierre Durand');
  });
});
