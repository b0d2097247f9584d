import { useMemo, useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Chip,
  Fieldset,
  Grid,
  Group,
  NativeSelect,
  Paper,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import type { FeatureCollection } from 'geojson';
import { Controller, useController, useForm, useWatch } from 'react-hook-form';
import { FormSwitch } from '@/components/ui/form-switch';
import { useTranslation } from 'react-i18next';
import { useDrawing } from '@/components/map/draw-control';
import { GeoJsonLayer } from '@/components/map/geojson-layer';
import { applyServerFieldErrors, contractResolver, useFieldErrorText } from '@/lib/forms';
import {
  classificationRuleUpdateSchema,
  classificationRuleIssues,
  type ClassificationRuleUpdate,
  type ClassificationRule,
  type ManagedAirspace,
  type RuleGeometry,
} from '@/shared/contracts/classification-rules';
import { importShapes, ShapeFileError } from '@/shared/geo/import-shapes';
import { RESTRICTIONS } from '@/shared/geozones/zone';
import { CLASSIFICATION_RULE_TYPES, IMPACT_LEVELS, NFZ_LEVELS, RULE_TYPE_NEEDS } from '@/shared/domain/request-impact';
import { geometryFromShapes, shapesFromGeometry, toRuleBody, type RuleFormValues } from '../lib/rule-form';
import { areaOf, IMPACT_COLORS } from '../lib/rule-map';
import { RuleMap } from './rule-map';

const FIELDS = ['title', 'type', 'threshold', 'geometry', 'parameters', 'impact', 'enabled'];
const DRAFT_COLOR = '#1864ab';
const parseXml = (text: string) => new DOMParser().parseFromString(text, 'application/xml');

/**
 * The shared contract validates the body the form would send; the type's needs (classificationRuleIssues) are added
 * even when another field fails, so every missing piece shows at once.
 */
const resolver = contractResolver(classificationRuleUpdateSchema, { toInput: toRuleBody, moreIssues: classificationRuleIssues });

/** Point or polygon drawing for the rule, inside the map; "Place the point" starts again from an empty drawing. */
function GeometryTools({
  need,
  value,
  onChange,
}: {
  need: 'point' | 'area';
  value: RuleGeometry | null;
  onChange: (geometry: RuleGeometry | null) => void;
}) {
  const { t } = useTranslation('classificationRules');
  // useDrawing reads its starting shapes once, when the map is ready; the form remounts the tools to restart them.
  const { mode, setMode, clear } = useDrawing((shapes) => onChange(geometryFromShapes(shapes, need)), shapesFromGeometry(value, need));
  const drawMode = need === 'point' ? 'point' : 'polygon';
  return (
    <Paper pos="absolute" top={10} left={10} p={6} shadow="sm" style={{ zIndex: 2 }}>
      <Group gap={4} role="toolbar" aria-label={t('form.drawTools')}>
        <Button
          size="compact-xs"
          variant={mode === drawMode ? 'filled' : 'default'}
          aria-pressed={mode === drawMode}
          onClick={() => {
            if (mode === drawMode) return setMode(null);
            if (need === 'point') clear();
            setMode(drawMode);
          }}
          data-testid="rule-draw"
        >
          {t(need === 'point' ? 'form.placePoint' : 'form.drawArea')}
        </Button>
        <Button
          size="compact-xs"
          variant={mode === 'select' ? 'filled' : 'default'}
          aria-pressed={mode === 'select'}
          onClick={() => setMode(mode === 'select' ? null : 'select')}
        >
          {t('form.select')}
        </Button>
        <Button size="compact-xs" variant="subtle" color="red" onClick={clear}>
          {t('form.clearDrawing')}
        </Button>
      </Group>
    </Paper>
  );
}

export interface ClassificationRuleFormProps {
  airspace: ManagedAirspace | undefined;
  /** The airspace's other rules, shown on the map for reference. */
  otherRules: readonly ClassificationRule[];
  initial: RuleFormValues;
  isNew: boolean;
  saving: boolean;
  /** Rejects with the API error when the server refuses the rule. */
  onSave: (body: ClassificationRuleUpdate) => Promise<unknown>;
  onCancel: () => void;
}

/** A classification rule: what the chosen type takes (threshold and unit, point, area, zone filters) and nothing else. */
export function ClassificationRuleForm({ airspace, otherRules, initial, isNew, saving, onSave, onCancel }: ClassificationRuleFormProps) {
  const { t, i18n } = useTranslation('classificationRules');
  const errorText = useFieldErrorText();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver, defaultValues: initial });
  const { field: geometry } = useController({ control, name: 'geometry' });
  const [type, threshold, impact] = useWatch({ control, name: ['type', 'threshold', 'impact'] });
  const needs = RULE_TYPE_NEEDS[type];
  // The drawing restarts from the field's value after a paste.
  const [drawingVersion, setDrawingVersion] = useState(0);
  const [pasted, setPasted] = useState('');
  const [pasteError, setPasteError] = useState<string | null>(null);

  const draft = useMemo<FeatureCollection>(() => {
    const circle =
      geometry.value?.type === 'Point' ? areaOf({ type, threshold: Number(threshold) || null, geometry: geometry.value }) : null;
    return { type: 'FeatureCollection', features: circle ? [{ type: 'Feature', properties: {}, geometry: circle }] : [] };
  }, [geometry.value, type, threshold]);

  const submit = handleSubmit(async (body) => {
    try {
      await onSave(body);
    } catch (error) {
      // The api client has toasted the translated error; field errors go on their fields.
      applyServerFieldErrors(error, setError, FIELDS);
    }
  });

  const usePasted = () => {
    if (!needs.geometry) return;
    try {
      const shapes = importShapes(pasted, 'geojson', parseXml);
      const next = geometryFromShapes(shapes, needs.geometry);
      if (!next) throw new ShapeFileError('EMPTY_FILE');
      geometry.onChange(next);
      setDrawingVersion((version) => version + 1);
      setPasteError(null);
      setPasted('');
    } catch (failure) {
      setPasteError(t(`form.pasteErrors.${failure instanceof ShapeFileError ? failure.code : 'INVALID_FILE'}`));
    }
  };

  const format = (value: number) => new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 5 }).format(value);
  const geometrySummary = (() => {
    const value = geometry.value;
    if (!needs.geometry || !value) return t('form.noGeometry');
    if (needs.geometry === 'point')
      return value.type === 'Point'
        ? t('form.pointSet', { lon: format(value.coordinates[0]!), lat: format(value.coordinates[1]!) })
        : t('form.noGeometry');
    if (value.type === 'Point') return t('form.noGeometry');
    return t('form.areaSet', { count: value.type === 'Polygon' ? 1 : value.coordinates.length });
  })();
  const geometryError = errorText(errors.geometry?.message);

  return (
    <form onSubmit={submit} noValidate aria-labelledby="classification-form-title" data-testid="classification-form">
      <Grid>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack>
            <Title order={2} size="h3" id="classification-form-title">
              {t(isNew ? 'form.addTitle' : 'form.editTitle')}
            </Title>
            <TextInput label={t('form.title')} required error={errorText(errors.title?.message)} {...register('title')} />
            <NativeSelect
              label={t('form.type')}
              description={t(`typeHelp.${type}`)}
              error={errorText(errors.type?.message)}
              data={CLASSIFICATION_RULE_TYPES.map((value) => ({ value, label: t(`type.${value}`) }))}
              {...register('type')}
            />
            {needs.threshold !== 'none' && needs.unit && (
              <TextInput
                label={t('form.threshold')}
                description={t(needs.threshold === 'optional' ? 'form.thresholdOptional' : 'form.thresholdRequired')}
                required={needs.threshold === 'required'}
                inputMode="decimal"
                rightSection={<Text size="sm">{t(`unit.${needs.unit}`)}</Text>}
                rightSectionWidth={48}
                error={errorText(errors.threshold?.message)}
                data-testid="rule-threshold"
                {...register('threshold')}
              />
            )}
            <NativeSelect
              label={t('form.impact')}
              error={errorText(errors.impact?.message)}
              data={IMPACT_LEVELS.map((value) => ({ value, label: t(`impact.${value}`) }))}
              leftSection={<span aria-hidden style={{ width: 10, height: 10, borderRadius: 5, background: IMPACT_COLORS[impact] }} />}
              {...register('impact')}
            />
            <FormSwitch control={control} name="enabled" label={t('form.enabled')} data-testid="classification-enabled" />
            {needs.zoneFilters && (
              <Fieldset legend={t('form.zoneFilters')} data-testid="zone-filters">
                <Stack gap="sm">
                  <Text size="xs" c="dimmed">
                    {t('form.zoneFiltersHelp')}
                  </Text>
                  <Controller
                    control={control}
                    name="parameters.restrictions"
                    render={({ field }) => (
                      <Checkbox.Group label={t('form.restrictions')} value={field.value} onChange={field.onChange}>
                        <Group gap="sm" mt={4}>
                          {RESTRICTIONS.map((value) => (
                            <Checkbox key={value} value={value} label={t(`restriction.${value}`)} />
                          ))}
                        </Group>
                      </Checkbox.Group>
                    )}
                  />
                  <Controller
                    control={control}
                    name="parameters.nfzLevels"
                    render={({ field }) => (
                      <Stack gap={4}>
                        <Text size="sm" fw={500} id="nfz-levels-label">
                          {t('form.nfzLevels')}
                        </Text>
                        <Chip.Group multiple value={field.value} onChange={field.onChange}>
                          <Group gap={4} role="group" aria-labelledby="nfz-levels-label">
                            {NFZ_LEVELS.map((level) => (
                              <Chip key={level} value={String(level)} size="xs" aria-label={t('form.nfzLevel', { level })}>
                                {level}
                              </Chip>
                            ))}
                          </Group>
                        </Chip.Group>
                      </Stack>
                    )}
                  />
                  <Controller
                    control={control}
                    name="parameters.identifiers"
                    render={({ field }) => (
                      <TagsInput
                        label={t('form.identifiers')}
                        description={t('form.identifiersHelp')}
                        value={field.value}
                        onChange={field.onChange}
                        error={errorText(firstMessage(errors.parameters?.identifiers))}
                        data-testid="zone-identifiers"
                      />
                    )}
                  />
                </Stack>
              </Fieldset>
            )}
            {needs.geometry && (
              <Fieldset legend={t(needs.geometry === 'point' ? 'form.point' : 'form.area')}>
                <Stack gap="xs">
                  <Text size="sm" aria-live="polite" data-testid="rule-geometry-summary">
                    {geometrySummary}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t(needs.geometry === 'point' ? 'form.pointHint' : 'form.areaHint')}
                  </Text>
                  <Textarea
                    label={t('form.paste')}
                    rows={3}
                    value={pasted}
                    onChange={(event) => setPasted(event.currentTarget.value)}
                    error={pasteError}
                    data-testid="rule-geometry-paste"
                  />
                  <Group gap="xs">
                    <Button size="xs" variant="light" disabled={!pasted.trim()} onClick={usePasted}>
                      {t('form.usePasted')}
                    </Button>
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      disabled={!geometry.value}
                      onClick={() => {
                        geometry.onChange(null);
                        setDrawingVersion((version) => version + 1);
                      }}
                    >
                      {t('form.removeGeometry')}
                    </Button>
                  </Group>
                  {geometryError && (
                    <Alert color="red" p="xs" role="alert" data-testid="rule-geometry-error">
                      {geometryError}
                    </Alert>
                  )}
                </Stack>
              </Fieldset>
            )}
            <Group>
              <Button type="submit" loading={saving} data-testid="rule-save">
                {t('form.save')}
              </Button>
              <Button variant="subtle" onClick={onCancel}>
                {t('form.cancel')}
              </Button>
            </Group>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <RuleMap airspace={airspace} rules={otherRules} selectedId={null}>
            <GeoJsonLayer
              id="classification-draft"
              type="line"
              data={draft}
              paint={{ 'line-color': DRAFT_COLOR, 'line-width': 2, 'line-dasharray': [2, 2] }}
            />
            {needs.geometry && (
              <GeometryTools
                key={`${needs.geometry}-${drawingVersion}`}
                need={needs.geometry}
                value={geometry.value}
                onChange={geometry.onChange}
              />
            )}
          </RuleMap>
        </Grid.Col>
      </Grid>
    </form>
  );
}

function firstMessage(errors: unknown): string | undefined {
  if (!errors || typeof errors !== 'object') return undefined;
  const { message } = errors as { message?: unknown };
  if (typeof message === 'string') return message;
  for (const value of Object.values(errors)) {
    const found = firstMessage(value);
    if (found) return found;
  }
  return undefined;
}
