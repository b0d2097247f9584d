import { Badge, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DroneIcon } from '@/components/ui/drone-icon';
import { useTakeoffs } from '@/features/flights/takeoff-store';
import classes from './layouts.module.css';

/** Spec §2: a blinking recording marker with a drone icon while any takeoff is active. */
export function RecordingMarker() {
  const { t } = useTranslation('navigation');
  const takeoffs = useTakeoffs();
  if (!takeoffs.length) return null;
  const label = t('recording', { count: takeoffs.length });
  return (
    <Tooltip label={label}>
      <Badge
        color="red"
        variant="filled"
        role="status"
        aria-label={label}
        data-testid="recording-marker"
        leftSection={
          <span className={classes.recording} aria-hidden>
            ●
          </span>
        }
      >
        <DroneIcon size={16} />
      </Badge>
    </Tooltip>
  );
}
