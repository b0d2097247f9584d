import { useState } from 'react';
import { Chip, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DEFAULT_START_HOUR, firstFixedDay, START_OPTIONS, startOf, type StartOption } from './start-date';
import { DayInput } from '@/components/ui/date-fields';

export interface StartOptionsProps {
  /** Receives the start the chosen option gives (09:00 local time). */
  onStart: (start: Date) => void;
  /** The current time; tests pass a fixed one. */
  now?: () => Date;
  disabled?: boolean;
}

/**
 * The mission form's default start options: tomorrow, early next week (next Monday) or a fixed day the user
 * picks, each at 09:00 local time. Choosing one calls `onStart`; the form keeps the date-time it is given.
 */
export function StartOptions({ onStart, now = () => new Date(), disabled }: StartOptionsProps) {
  const { t } = useTranslation('missionsList');
  const [option, setOption] = useState<StartOption | null>(null);
  const [day, setDay] = useState('');

  const choose = (next: StartOption) => {
    setOption(next);
    const start = startOf(next, now(), day || undefined);
    if (start) onStart(start);
  };

  const chooseDay = (value: string) => {
    setDay(value);
    const start = startOf('fixedDay', now(), value);
    if (start) onStart(start);
  };

  return (
    <Stack gap={6} data-testid="start-options">
      <Chip.Group value={option} onChange={(value) => choose(value as StartOption)}>
        <Group gap="xs" role="radiogroup" aria-label={t('startOptions.label')}>
          {START_OPTIONS.map((value) => (
            <Chip key={value} value={value} size="sm" disabled={disabled} data-testid={`start-option-${value}`}>
              {t(`startOptions.${value}`)}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      {option === 'fixedDay' && (
        <DayInput
          label={t('startOptions.day')}
          data-testid="start-option-day"
          minDate={firstFixedDay(now())}
          value={day}
          disabled={disabled}
          onChange={chooseDay}
          w="fit-content"
        />
      )}
      <Text size="xs" c="dimmed">
        {t('startOptions.hint', { hour: String(DEFAULT_START_HOUR).padStart(2, '0') })}
      </Text>
    </Stack>
  );
}
