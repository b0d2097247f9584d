import { memo } from 'react';
import { UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ConformanceState } from '@/shared/contracts/conformance';
import type { LiveTarget } from '@/shared/contracts/traffic';
import classes from './live.module.css';
import { SOURCE_COLORS, VehicleIcon } from './vehicle-icon';

export function formatHeight(alt: number | null): string | null {
  return alt === null ? null : `${Math.round(alt)} m`;
}

/** km/h from m/s, as pilots read it. */
export function formatSpeed(spd: number | null): string | null {
  return spd === null ? null : `${Math.round(spd * 3.6)} km/h`;
}

/** What the manager's live map adds to a target: its conformance colour and its mission and request. */
export interface TargetAnnotation {
  state: ConformanceState;
  color: string;
  caption: string;
}

export interface TargetMarkerProps {
  target: LiveTarget;
  selected: boolean;
  violating: boolean;
  onSelect: (key: string) => void;
  annotation?: TargetAnnotation;
}

/**
 * A target on the map: its icon turned to its heading, its label, height and speed; a button to select it. Annotated
 * (the manager's map), its icon and border take its conformance colour and its label is its mission and request.
 */
function TargetMarkerView({ target, selected, violating, onSelect, annotation }: TargetMarkerProps) {
  const { t } = useTranslation('live');
  const facts = [formatHeight(target.alt), formatSpeed(target.spd)].filter(Boolean).join(' · ');
  const name = annotation?.caption ?? (target.label || target.ident);
  return (
    <UnstyledButton
      className={classes.target}
      data-own={target.own || undefined}
      data-selected={selected || undefined}
      data-violating={violating || undefined}
      data-state={annotation?.state}
      style={annotation ? { borderColor: annotation.color } : undefined}
      onClick={() => onSelect(target.key)}
      aria-pressed={selected}
      aria-label={t('target.name', { name, type: t(`vehicles.${target.type}`), source: t(`sources.${target.source}`) })}
      data-testid="live-target"
      data-key={target.key}
      data-ident={target.ident}
      data-source={target.source}
      data-type={target.type}
      data-lat={target.lat}
      data-lon={target.lon}
    >
      <span className={classes.icon}>
        <VehicleIcon type={target.type} color={annotation?.color ?? SOURCE_COLORS[target.source]} heading={target.heading} />
      </span>
      <span className={classes.label}>
        <strong>{name}</strong>
        {facts ? <span>{facts}</span> : null}
      </span>
    </UnstyledButton>
  );
}

const sameAnnotation = (a: TargetAnnotation | undefined, b: TargetAnnotation | undefined) =>
  a === b || (!!a && !!b && a.state === b.state && a.color === b.color && a.caption === b.caption);

/**
 * Drawn again only when its target, selection, violation or annotation changes: the manager's map builds new
 * annotations at each delta, and every marker in view was drawn again with them (docs/performance.md "The flight in the
 * browser").
 */
export const TargetMarker = memo(
  TargetMarkerView,
  (before, after) =>
    before.target === after.target &&
    before.selected === after.selected &&
    before.violating === after.violating &&
    before.onSelect === after.onSelect &&
    sameAnnotation(before.annotation, after.annotation),
);
