import { useState } from 'react';
import { Alert, Button, Stack, type ButtonProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MissionDetail } from '@/shared/contracts/missions';
import { canFly, useFlight, type FlightStep, type RefreshMission } from '../use-flight';
import { TakeoffCheckPanel } from './takeoff-check-panel';

const STEPS: readonly FlightStep[] = ['takeOff', 'land', 'requestEnd'];

export interface FlightActionsProps {
  mission: MissionDetail;
  refresh: RefreshMission;
  /** The compact flight view uses big full-width buttons, stacked. */
  large?: boolean;
  /** Unsaved changes on the mission screen: flying waits until they are saved. */
  disabled?: boolean;
}

/**
 * Take off (validated: through the go/no-go panel), land and request end (flying), for the operator or a pilot of the
 * mission.
 */
export function FlightActions({ mission, refresh, large = false, disabled = false }: FlightActionsProps) {
  const { t } = useTranslation('flights');
  const { run, pending, notFlying, session } = useFlight(mission.id, refresh);
  const [checking, setChecking] = useState(false);
  if (!canFly(mission, session)) return null;
  const steps = STEPS.filter((step) => mission.allowedActions.includes(step));
  if (!steps.length && !notFlying) return null;
  const size: ButtonProps['size'] = large ? 'xl' : 'sm';

  return (
    <Stack gap="xs" data-testid="flight-actions">
      <Stack gap="xs" style={large ? undefined : { flexDirection: 'row', flexWrap: 'wrap' }}>
        {steps.map((step) => (
          <Button
            key={step}
            size={size}
            fullWidth={large}
            color={step === 'takeOff' ? 'teal' : step === 'land' ? 'orange' : 'gray'}
            variant={step === 'requestEnd' ? 'outline' : 'filled'}
            disabled={disabled || (pending !== null && pending !== step)}
            loading={pending === step}
            onClick={() => (step === 'takeOff' ? setChecking(true) : void run(step))}
            data-testid={`flight-${step}`}
          >
            {t(`actions.${step}`)}
          </Button>
        ))}
      </Stack>
      <TakeoffCheckPanel
        missionId={mission.id}
        opened={checking}
        onClose={() => setChecking(false)}
        onTakeOff={(reason) => {
          setChecking(false);
          void run('takeOff', reason);
        }}
      />
      {notFlying ? (
        <Alert color="yellow" p="xs" role="status" data-testid="flight-not-recorded">
          {t('notRecorded')}
        </Alert>
      ) : null}
    </Stack>
  );
}
