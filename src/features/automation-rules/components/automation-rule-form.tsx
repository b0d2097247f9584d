import {
  Alert,
  Button,
  Checkbox,
  Chip,
  Group,
  NumberInput,
  SegmentedControl,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AutomationRuleCreate, DryRunResult } from '@/shared/contracts/automation-rules';
import { IMPACT_LEVELS, type ImpactLevel } from '@/shared/domain/request-impact';
import { WEEKDAYS } from '@/shared/domain/request-automation';
import { answerOf, toRuleBody, type RuleFormValues } from '../lib/rule-form';
import { DayInput, TimeInput } from '@/components/ui/date-fields';

interface Props {
  initial: RuleFormValues;
  saving: boolean;
  onSave: (body: AutomationRuleCreate) => void;
  onDryRun: (body: AutomationRuleCreate) => Promise<DryRunResult>;
  onCancel: () => void;
}

/** An automation rule: who it answers (impact levels, range), how (mode, restrictions, reply), and a dry run first. */
export function AutomationRuleForm({ initial, saving, onSave, onDryRun, onCancel }: Props) {
  const { t } = useTranslation('automationRules');
  const [values, setValues] = useState(initial);
  const [dryRun, setDryRun] = useState<DryRunResult | null>(null);
  const [trying, setTrying] = useState(false);
  const set = <K extends keyof RuleFormValues>(key: K, value: RuleFormValues[K]) => setValues((current) => ({ ...current, [key]: value }));
  const numberText = (value: string | number) => (value === '' ? '' : String(value));
  const accepting = values.mode === 'acceptAuto';

  const tryRule = async () => {
    setTrying(true);
    try {
      setDryRun(await onDryRun(toRuleBody(values)));
    } finally {
      setTrying(false);
    }
  };

  return (
    <Stack
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        onSave(toRuleBody(values));
      }}
    >
      <TextInput label={t('form.title')} required value={values.title} onChange={(event) => set('title', event.currentTarget.value)} />
      <SegmentedControl
        aria-label={t('form.mode')}
        value={values.mode}
        onChange={(mode) => set('mode', mode as RuleFormValues['mode'])}
        data={[
          { value: 'acceptAuto', label: t('mode.acceptAuto') },
          { value: 'denyAuto', label: t('mode.denyAuto') },
        ]}
      />
      <Checkbox.Group
        label={t('form.impactLevels')}
        description={t('form.impactLevelsHelp')}
        value={values.impactLevels}
        onChange={(levels) => set('impactLevels', levels as ImpactLevel[])}
      >
        <Group>
          {IMPACT_LEVELS.map((level) => (
            <Checkbox key={level} value={level} label={t(`impact.${level}`)} />
          ))}
        </Group>
      </Checkbox.Group>
      <Text fw={500}>{t('form.range')}</Text>
      <Group grow>
        <DayInput label={t('form.fromDate')} clearable value={values.fromDate} onChange={(day) => set('fromDate', day)} />
        <DayInput label={t('form.toDate')} clearable value={values.toDate} onChange={(day) => set('toDate', day)} />
      </Group>
      <Chip.Group multiple value={values.weekdays.map(String)} onChange={(days) => set('weekdays', days.map(Number))}>
        <Group gap="xs" aria-label={t('form.weekdays')}>
          {WEEKDAYS.map((day) => (
            <Chip key={day} value={String(day)} size="xs">
              {t(`weekday.${day}`)}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      <Group grow>
        <TimeInput label={t('form.fromTime')} clearable value={values.fromTime} onChange={(time) => set('fromTime', time)} />
        <TimeInput label={t('form.toTime')} clearable value={values.toTime} onChange={(time) => set('toTime', time)} />
        <NumberInput
          label={t('form.maxHeightM')}
          min={0}
          value={values.maxHeightM}
          onChange={(value) => set('maxHeightM', numberText(value))}
        />
        <NumberInput
          label={t('form.maxDurationMin')}
          min={1}
          value={values.maxDurationMin}
          onChange={(value) => set('maxDurationMin', numberText(value))}
        />
      </Group>
      {accepting && (
        <Stack gap="xs" data-testid="rule-restrictions">
          <Text fw={500}>{t('form.restrictions')}</Text>
          <Group>
            <Checkbox
              label={t('restriction.observerRequired')}
              checked={values.observerRequired}
              onChange={(event) => set('observerRequired', event.currentTarget.checked)}
            />
            <Checkbox
              label={t('restriction.callBeforeAfter')}
              checked={values.callBeforeAfter}
              onChange={(event) => set('callBeforeAfter', event.currentTarget.checked)}
            />
            <NumberInput
              label={t('restriction.maxHeight')}
              min={1}
              value={values.restrictionMaxHeightM}
              onChange={(value) => set('restrictionMaxHeightM', numberText(value))}
            />
          </Group>
          <TextInput
            label={t('restriction.text')}
            value={values.restrictionText}
            onChange={(event) => set('restrictionText', event.currentTarget.value)}
          />
        </Stack>
      )}
      <Textarea
        label={t('form.customReply')}
        value={values.customReply}
        onChange={(event) => set('customReply', event.currentTarget.value)}
      />
      <Group>
        <NumberInput
          label={t('form.priority')}
          description={t('form.priorityHelp')}
          min={0}
          value={values.priority}
          onChange={(value) => set('priority', numberText(value))}
        />
        <Switch label={t('form.enabled')} checked={values.enabled} onChange={(event) => set('enabled', event.currentTarget.checked)} />
      </Group>
      <Text data-testid="rule-answer">{t('form.answer', { answer: t(`answer.${answerOf(values)}`) })}</Text>
      <Group>
        <Button type="submit" loading={saving}>
          {t('form.save')}
        </Button>
        <Button variant="default" onClick={() => void tryRule()} loading={trying} disabled={!values.title.trim()}>
          {t('form.dryRun')}
        </Button>
        <Button variant="subtle" onClick={onCancel}>
          {t('form.cancel')}
        </Button>
      </Group>
      {dryRun && (
        <Stack gap="xs" data-testid="dry-run">
          <Alert>{t('dryRun.summary', { answered: dryRun.answered, tried: dryRun.tried })}</Alert>
          {dryRun.items.length > 0 && (
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('dryRun.reference')}</Table.Th>
                  <Table.Th>{t('dryRun.mission')}</Table.Th>
                  <Table.Th>{t('dryRun.impact')}</Table.Th>
                  <Table.Th>{t('dryRun.result')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {dryRun.items.map((item) => (
                  <Table.Tr key={item.requestId}>
                    <Table.Td>{item.referenceNumber}</Table.Td>
                    <Table.Td>{item.missionTitle}</Table.Td>
                    <Table.Td>{item.impactLevel ? t(`impact.${item.impactLevel}`) : '—'}</Table.Td>
                    <Table.Td>
                      {item.wouldAnswer ? t(`answer.${item.wouldAnswer}`) : t(`reason.${item.reason ?? 'impact'}`)}
                      {item.precededBy && <Text size="xs">{t('dryRun.precededBy', { title: item.precededBy.title })}</Text>}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      )}
    </Stack>
  );
}
