import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormProvider, useForm } from 'react-hook-form';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AreaSummary } from '@/features/missions/editor/area-summary';
import {
  feetFromMetres,
  metresFromFeet,
  toFormValues,
  toMissionInput,
  type MissionFormValues,
} from '@/features/missions/editor/form-values';
import { HeightFields } from '@/features/missions/editor/height-fields';
import { changeLanguage, i18n, initI18n, loadNamespaces } from '@/lib/i18n';
import type { MissionAreas } from '@/shared/contracts/missions';

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

function HeightForm() {
  const form = useForm<MissionFormValues>({ defaultValues: toFormValues() });
  latest = form.watch();
  return (
    <FormProvider {...form}>
      <HeightFields />
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

  it('converts metres to feet as the server stores them, and feet to metres to the decimetre', () => {
    expect(feetFromMetres(120)).toBe(394);
    expect(feetFromMetres(50)).toBe(164);
    expect(feetFromMetres('')).toBe('');
    expect(metresFromFeet(400)).toBe(121.9);
    expect(metresFromFeet(0)).toBe(0);
    expect(metresFromFeet('')).toBe('');
  });

  it('fills the feet while the height in metres is typed, and the metres while feet are typed', async () => {
    renderWithProviders(<HeightForm />);

    await userEvent.type(screen.getByTestId('mission-height-m'), '150');
    expect(screen.getByTestId('mission-height-ft')).toHaveValue('492');
    expect(latest?.maxAltitudeFt).toBe(492);

    await userEvent.clear(screen.getByTestId('mission-height-ft'));
    await userEvent.type(screen.getByTestId('mission-height-ft'), '164');
    expect(screen.getByTestId('mission-height-m')).toHaveValue('50');
    expect(latest?.maxHeightM).toBe(50);

    await userEvent.clear(screen.getByTestId('mission-height-m'));
    expect(screen.getByTestId('mission-height-ft')).toHaveValue('');
  });

  it('sends both values so that the server finds them in agreement', () => {
    const values = { ...toFormValues(), title: 'Survey', maxHeightM: 50, maxAltitudeFt: 164 } satisfies MissionFormValues;
    expect(toMissionInput(values)).toMatchObject({ maxHeightM: 50, maxAltitudeFt: 164, referentPilotId: null, waypoints: null });
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
