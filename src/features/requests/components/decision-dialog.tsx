import { useState } from 'react';
import { Alert, Box, Button, Checkbox, Group, Modal, NumberInput, Stack, Text, TextInput, Textarea } from '@mantine/core';
import type { Polygon } from 'geojson';
import { useTranslation } from 'react-i18next';
import { DrawControl } from '@/components/map/draw-control';
import { FitBounds } from '@/components/map/fit-bounds';
import { GeoJsonLayer } from '@/components/map/geojson-layer';
import { MapView } from '@/components/map/map-view';
import { DateTimeInput } from '@/components/ui/date-fields';
import type { MissionSnapshot, RequestActionBody, Restriction } from '@/shared/contracts/requests';
import type { ManagerAction } from '@/shared/domain/request-status';
import { reducedAreaApart, restrictionProblems, type RestrictionProblem } from '@/shared/domain/restriction-checks';

interface DecisionDialogProps {
  action: ManagerAction | null;
  /** The mission as filed: restrictions must be able to restrict it. */
  mission: MissionSnapshot;
  center: [number, number];
  /** Other requests whose volumes meet this one's: an acceptance is warned of them first. */
  conflicts: number;
  loading: boolean;
  onCancel: () => void;
  onConfirm: (body: RequestActionBody) => void;
}

interface RestrictionDraft {
  maxHeight: number | '';
  reducedArea: Polygon | null;
  slotStart: string;
  slotEnd: string;
  call: boolean;
  callPhone: string;
  observer: boolean;
  text: string;
}

const EMPTY: RestrictionDraft = {
  maxHeight: '',
  reducedArea: null,
  slotStart: '',
  slotEnd: '',
  call: false,
  callPhone: '',
  observer: false,
  text: '',
};

/** A time slot needs both ends, the end after the start; which field is wrong and why. */
function slotProblem(draft: RestrictionDraft): { field: 'slotStart' | 'slotEnd'; message: string } | null {
  if (!draft.slotStart && !draft.slotEnd) return null;
  if (!draft.slotStart) return { field: 'slotStart', message: 'restrictions.slotIncomplete' };
  if (!draft.slotEnd) return { field: 'slotEnd', message: 'restrictions.slotIncomplete' };
  if (new Date(draft.slotEnd) <= new Date(draft.slotStart)) return { field: 'slotEnd', message: 'restrictions.slotOrder' };
  return null;
}

/** The problem of each restriction kind that cannot restrict the mission (the server refuses them alike). */
function problemsOf(restrictions: Restriction[], mission: MissionSnapshot): Partial<Record<Restriction['kind'], RestrictionProblem>> {
  const found: Partial<Record<Restriction['kind'], RestrictionProblem>> = {};
  for (const { index, problem } of restrictionProblems(restrictions, mission)) found[restrictions[index]!.kind] = problem;
  const area = restrictions.find((restriction) => restriction.kind === 'reducedArea');
  if (area && reducedAreaApart(area.area, mission.areas)) found.reducedArea = 'validation:restriction.areaApart';
  return found;
}

function restrictionsOf(draft: RestrictionDraft): Restriction[] {
  const list: Restriction[] = [];
  if (draft.maxHeight !== '') list.push({ kind: 'maxHeight', maxHeightM: Number(draft.maxHeight) });
  if (draft.reducedArea)
    list.push({ kind: 'reducedArea', area: draft.reducedArea as Extract<Restriction, { kind: 'reducedArea' }>['area'] });
  if (draft.slotStart && draft.slotEnd)
    list.push({ kind: 'timeSlot', startAt: new Date(draft.slotStart).toISOString(), endAt: new Date(draft.slotEnd).toISOString() });
  if (draft.call) list.push({ kind: 'callBeforeAfter', phone: draft.callPhone.trim() || null });
  if (draft.observer) list.push({ kind: 'observerRequired' });
  if (draft.text.trim()) list.push({ kind: 'text', text: draft.text.trim() });
  return list;
}

/**
 * What a manager's decision needs: a reason to reject, typed restrictions (the reduced area drawn on the map) to
 * accept with restrictions, a confirmation to cancel a decision or archive. An acceptance is warned of the conflicts.
 */
export function DecisionDialog({ action, mission, center, conflicts, loading, onCancel, onConfirm }: DecisionDialogProps) {
  const { t } = useTranslation('requests');
  const [note, setNote] = useState('');
  const [callControl, setCallControl] = useState(false);
  const [draft, setDraft] = useState<RestrictionDraft>(EMPTY);
  const [missing, setMissing] = useState(false);
  const [checked, setChecked] = useState(false);
  const set = (change: Partial<RestrictionDraft>) => setDraft((current) => ({ ...current, ...change }));
  const close = () => {
    setNote('');
    setDraft(EMPTY);
    setMissing(false);
    setChecked(false);
    onCancel();
  };

  const confirm = () => {
    const text = note.trim() || null;
    if (action === 'reject') {
      if (!text) return setMissing(true);
      return onConfirm({ reason: text });
    }
    if (action === 'acceptWithRestrictions') {
      setChecked(true);
      const restrictions = restrictionsOf(draft);
      if (slotProblem(draft) || Object.keys(problemsOf(restrictions, mission)).length > 0) return;
      if (restrictions.length === 0) return setMissing(true);
      return onConfirm({ restrictions, reply: text });
    }
    if (action === 'accept') return onConfirm({ reply: text, callControl });
    return onConfirm({ reason: text });
  };

  const problems = checked ? problemsOf(restrictionsOf(draft), mission) : {};
  const slot = checked ? (slotProblem(draft) ?? (problems.timeSlot ? { field: 'slotStart', message: problems.timeSlot } : null)) : null;
  const areasLayer = {
    type: 'FeatureCollection' as const,
    features: [{ type: 'Feature' as const, properties: {}, geometry: mission.areas }],
  };
  return (
    <Modal
      opened={action !== null}
      onClose={close}
      title={action ? t(`actions.${action}`) : ''}
      size={action === 'acceptWithRestrictions' ? 'xl' : 'md'}
    >
      <Stack data-testid="decision-dialog">
        {conflicts > 0 && (action === 'accept' || action === 'acceptWithRestrictions') && (
          <Alert color="red" title={t('conflicts.warningTitle')} data-testid="decision-conflicts">
            {t('conflicts.warning', { count: conflicts })}
          </Alert>
        )}
        {action === 'acceptWithRestrictions' && (
          <Stack gap="xs">
            <Text size="sm">{t('restrictions.hint')}</Text>
            <NumberInput
              label={t('restrictions.maxHeight')}
              suffix=" m"
              min={1}
              value={draft.maxHeight}
              onChange={(value) => set({ maxHeight: value === '' ? '' : Number(value) })}
              error={problems.maxHeight && t(problems.maxHeight)}
              description={mission.maxHeightM !== null ? t('restrictions.missionHeight', { height: mission.maxHeightM }) : undefined}
              data-testid="restriction-max-height"
            />
            <Text size="sm" fw={500}>
              {t('restrictions.reducedArea')}
            </Text>
            <Box h={300} pos="relative" data-testid="restriction-map">
              <MapView label={t('restrictions.mapLabel')} center={center} zoom={13}>
                <GeoJsonLayer
                  id="decision-mission-areas"
                  type="fill"
                  data={areasLayer}
                  paint={{ 'fill-color': '#1c7ed6', 'fill-opacity': 0.2 }}
                />
                <FitBounds data={[areasLayer]} />
                <DrawControl onChange={(shapes) => set({ reducedArea: shapes.areas[0]?.geometry ?? null })} />
              </MapView>
            </Box>
            <Text size="xs" data-testid="restriction-area-state">
              {draft.reducedArea ? t('restrictions.areaDrawn') : t('restrictions.areaNone')}
            </Text>
            {problems.reducedArea && (
              <Text c="red" size="xs" role="alert" data-testid="restriction-area-error">
                {t(problems.reducedArea)}
              </Text>
            )}
            <Group grow align="flex-start">
              <DateTimeInput
                label={t('restrictions.slotStart')}
                value={draft.slotStart}
                onChange={(slotStart) => set({ slotStart })}
                error={slot?.field === 'slotStart' ? t(slot.message) : undefined}
                data-testid="restriction-slot-start"
              />
              <DateTimeInput
                label={t('restrictions.slotEnd')}
                value={draft.slotEnd}
                onChange={(slotEnd) => set({ slotEnd })}
                error={slot?.field === 'slotEnd' ? t(slot.message) : undefined}
                data-testid="restriction-slot-end"
              />
            </Group>
            <Checkbox
              label={t('restrictions.callBeforeAfter')}
              checked={draft.call}
              onChange={(e) => set({ call: e.currentTarget.checked })}
            />
            {draft.call && (
              <TextInput
                label={t('restrictions.callPhone')}
                value={draft.callPhone}
                onChange={(e) => set({ callPhone: e.currentTarget.value })}
              />
            )}
            <Checkbox
              label={t('restrictions.observerRequired')}
              checked={draft.observer}
              onChange={(e) => set({ observer: e.currentTarget.checked })}
            />
            <Textarea
              label={t('restrictions.text')}
              value={draft.text}
              onChange={(e) => set({ text: e.currentTarget.value })}
              data-testid="restriction-text"
            />
          </Stack>
        )}
        {action === 'accept' && (
          <Checkbox
            label={t('fields.callControl')}
            checked={callControl}
            onChange={(e) => setCallControl(e.currentTarget.checked)}
            data-testid="decision-call-control"
          />
        )}
        <Textarea
          label={t(action === 'reject' ? 'decision.reason' : action === 'askInformation' ? 'decision.question' : 'decision.note')}
          required={action === 'reject'}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          error={missing && action === 'reject' ? t('decision.reasonRequired') : undefined}
          data-testid="decision-note"
        />
        {missing && action === 'acceptWithRestrictions' && (
          <Text c="red" size="sm" role="alert">
            {t('restrictions.required')}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('cancel')}
          </Button>
          <Button onClick={confirm} loading={loading} data-testid="decision-confirm" color={action === 'reject' ? 'red' : undefined}>
            {action ? t(`actions.${action}`) : ''}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
