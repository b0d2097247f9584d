import { Group, NativeSelect, NumberInput, SimpleGrid, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldErrorText } from '@/lib/forms';
import { CONTEXT_MARKER_KINDS } from '@/shared/contracts/missions';
import { OVER_PEOPLE } from '@/shared/regulation/codes';
import type { MarkerKind, MissionFormValues, NumberField } from './form-values';
import type { MarkerMeta } from './mission-map';
import { DayField } from '@/components/ui/date-fields';

const asNumber = (value: string | number): NumberField => (typeof value === 'number' ? value : value.trim() === '' ? '' : Number(value));

type NumberPath =
  | 'constraints.distanceToPeopleM'
  | 'constraints.distanceToRoadM'
  | 'safetyZones.exclusionM'
  | 'safetyZones.bufferM'
  | 'safetyZones.outOfViewM2'
  | 'safetyZones.contingencyM'
  | 'safetyZones.groundRiskBufferM';

function NumberField({ name, label }: { name: NumberPath; label: string }) {
  const { control } = useFormContext<MissionFormValues>();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <NumberInput
          label={label}
          min={0}
          value={field.value}
          name={field.name}
          onBlur={field.onBlur}
          onChange={(value) => field.onChange(asNumber(value))}
          error={fieldState.error?.message}
          data-testid={`field-${name}`}
        />
      )}
    />
  );
}

// The last three are asked where no shipped layer or zone tells (FR-PUB, FR-ENV-01, UAS.OPEN.010(2)).
const ANSWERS = [
  'vlos',
  'urban',
  'nearAerodrome',
  'night',
  'professional',
  'controlledGroundArea',
  'publicSpace',
  'inProtectedSpeciesZone',
  'obstacleOwnerRequest',
] as const;

/** The operational facts the regulation needs and no other field holds (docs/missions.md "Validation"). */
export function ConstraintFields() {
  const { t } = useTranslation('missions');
  const { register } = useFormContext<MissionFormValues>();
  const answers = [
    { value: '', label: t('answers.unknown') },
    { value: 'yes', label: t('answers.yes') },
    { value: 'no', label: t('answers.no') },
  ];
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NativeSelect
          label={t('facts.overPeople')}
          data={[{ value: '', label: t('answers.unknown') }, ...OVER_PEOPLE.map((value) => ({ value, label: t(`overPeople.${value}`) }))]}
          {...register('constraints.overPeople')}
          data-testid="constraint-overPeople"
        />
        <NumberField name="constraints.distanceToPeopleM" label={t('facts.distanceToPeopleM')} />
        {ANSWERS.map((name) => (
          <NativeSelect
            key={name}
            label={t(`facts.${name}`)}
            data={answers}
            {...register(`constraints.${name}`)}
            data-testid={`constraint-${name}`}
          />
        ))}
        <NumberField name="constraints.distanceToRoadM" label={t('facts.distanceToRoadM')} />
      </SimpleGrid>
      <Textarea label={t('fields.constraintNotes')} autosize minRows={2} {...register('constraints.notes')} />
    </Stack>
  );
}

/** Who asked for the mission and how to reach them. */
export function ContactFields() {
  const { t } = useTranslation('missions');
  const errorText = useFieldErrorText();
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<MissionFormValues>();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextInput label={t('fields.orderingParty')} {...register('orderingParty')} error={errorText(errors.orderingParty?.message)} />
      <TextInput
        label={t('fields.teleServiceNumber')}
        {...register('teleServiceNumber')}
        error={errorText(errors.teleServiceNumber?.message)}
      />
      <DayField control={control} name="requestDate" nullable clearable label={t('fields.requestDate')} />
    </SimpleGrid>
  );
}

/** The route's waypoints, the context markers (kind and radius) and the safety distances drawn as rings. */
export function WaypointFields({ markerIds, markerMeta }: { markerIds: (string | number)[]; markerMeta: MarkerMeta }) {
  const { t } = useTranslation('missions');
  const { control, setValue } = useFormContext<MissionFormValues>();
  const [waypoints, markers] = useWatch({ control, name: ['waypoints', 'contextMarkers'] });
  const coordinates = (position: [number, number]) => `${position[1].toFixed(5)}, ${position[0].toFixed(5)}`;

  const changeMarker = (index: number, change: Partial<{ kind: MarkerKind; radiusM: number; heightM: number | undefined }>) => {
    const next = markers.map((marker, each) => {
      if (each !== index) return marker;
      // Only an obstacle has a height (UAS.OPEN.010(2)).
      const { heightM, ...changed } = { ...marker, ...change };
      return changed.kind === 'obstacle' && heightM !== undefined ? { ...changed, heightM } : changed;
    });
    const id = markerIds[index];
    const { position: _position, ...meta } = next[index]!;
    if (id !== undefined) markerMeta.set(id, meta);
    setValue('contextMarkers', next, { shouldDirty: true });
  };

  return (
    <Stack>
      <Title order={5}>{t('waypoints.route')}</Title>
      {waypoints.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('waypoints.none')}
        </Text>
      ) : (
        <Table fz="xs" data-testid="mission-waypoints">
          <Table.Tbody>
            {waypoints.map((position, index) => (
              <Table.Tr key={index}>
                <Table.Td>{index + 1}</Table.Td>
                <Table.Td>{coordinates(position)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Title order={5}>{t('waypoints.markers')}</Title>
      {markers.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('waypoints.noMarkers')}
        </Text>
      ) : (
        <Stack gap="xs" data-testid="mission-markers">
          {markers.map((marker, index) => (
            <Group key={index} gap="xs" align="flex-end">
              <NativeSelect
                size="xs"
                label={t('map.markerKind')}
                value={marker.kind}
                onChange={(event) => changeMarker(index, { kind: event.currentTarget.value as MarkerKind })}
                data={CONTEXT_MARKER_KINDS.map((kind) => ({ value: kind, label: t(`markerKinds.${kind}`) }))}
              />
              <NumberInput
                size="xs"
                w={110}
                label={t('map.markerRadius')}
                min={0}
                value={marker.radiusM}
                onChange={(value) => changeMarker(index, { radiusM: typeof value === 'number' ? value : 0 })}
              />
              {marker.kind === 'obstacle' ? (
                <NumberInput
                  size="xs"
                  w={130}
                  label={t('map.markerHeight')}
                  min={0}
                  max={1000}
                  value={marker.heightM ?? ''}
                  onChange={(value) => changeMarker(index, { heightM: typeof value === 'number' ? value : undefined })}
                  data-testid={`marker-height-${index}`}
                />
              ) : null}
              <Text size="xs" c="dimmed">
                {coordinates(marker.position)}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
      <Title order={5}>{t('waypoints.safety')}</Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumberField name="safetyZones.exclusionM" label={t('safety.exclusionM')} />
        <NumberField name="safetyZones.contingencyM" label={t('safety.contingencyM')} />
        <NumberField name="safetyZones.bufferM" label={t('safety.bufferM')} />
        <NumberField name="safetyZones.groundRiskBufferM" label={t('safety.groundRiskBufferM')} />
        <NumberField name="safetyZones.outOfViewM2" label={t('safety.outOfViewM2')} />
      </SimpleGrid>
    </Stack>
  );
}
