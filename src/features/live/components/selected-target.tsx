import { useState } from 'react';
import { Button, CloseButton, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/lib/authorization';
import type { LiveTarget } from '@/shared/contracts/traffic';
import { OperatorCommandDialog } from './operator-command-dialog';
import { formatHeight, formatSpeed } from './target-marker';
import { SOURCE_COLORS, VehicleIcon } from './vehicle-icon';
import { formatLocale } from '@/lib/format';

/** The selected target's facts; an administrator with COMMAND_EDIT_ADMIN can message the operator of its flight. */
export function SelectedTarget({ target, onClose }: { target: LiveTarget; onClose: () => void }) {
  const { t, i18n } = useTranslation('live');
  const canCommand = useCan('COMMAND_EDIT_ADMIN');
  const [messaging, setMessaging] = useState(false);
  const name = target.label || target.ident;
  const time = new Intl.DateTimeFormat(formatLocale(i18n.language), { timeStyle: 'medium' }).format(new Date(target.time));
  return (
    <Paper withBorder p="xs" data-testid="selected-target" data-key={target.key}>
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <VehicleIcon type={target.type} color={SOURCE_COLORS[target.source]} heading={target.heading} />
            <Text fw={700}>{name}</Text>
          </Group>
          <CloseButton size="sm" onClick={onClose} aria-label={t('target.close')} />
        </Group>
        <Text size="xs">
          {t(`vehicles.${target.type}`)} · {t(`sources.${target.source}`)} · {target.ident}
        </Text>
        <Text size="xs">
          {t('target.facts', {
            height: formatHeight(target.alt) ?? t('target.unknown'),
            speed: formatSpeed(target.spd) ?? t('target.unknown'),
            heading: target.heading === null ? t('target.unknown') : `${Math.round(target.heading)}°`,
            time,
          })}
        </Text>
        {target.squawk !== null || target.onGround ? (
          <Text size="xs" data-testid="selected-target-transponder">
            {[target.squawk === null ? null : t('target.squawk', { code: target.squawk }), target.onGround ? t('target.onGround') : null]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        ) : null}
        {canCommand && target.missionId ? (
          <>
            <Button size="xs" variant="light" onClick={() => setMessaging(true)} data-testid="command-open">
              {t('command.open')}
            </Button>
            <OperatorCommandDialog missionId={target.missionId} targetName={name} opened={messaging} onClose={() => setMessaging(false)} />
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}
