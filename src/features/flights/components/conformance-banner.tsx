import { useEffect, useRef } from 'react';
import { Alert, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ConformanceState, FlightConformance } from '@/shared/contracts/conformance';
import { useFlightConformance } from '../conformance-store';

const RANK: Record<ConformanceState, number> = { conforming: 0, unidentified: 0, warning: 1, violating: 2 };

/** A short beep (two for a violation) where the browser lets the page play sound; nothing otherwise. */
function beep(times: number) {
  try {
    const audio = new AudioContext();
    for (let i = 0; i < times; i++) {
      const tone = audio.createOscillator();
      tone.frequency.value = 880;
      tone.connect(audio.destination);
      tone.start(audio.currentTime + i * 0.3);
      tone.stop(audio.currentTime + i * 0.3 + 0.18);
    }
  } catch {
    // No audio on this device or page: the banner and the vibration remain.
  }
}

/** Sound and vibration when the state gets worse (conforming → warning → violating), once per change. */
function useAlarm(state: ConformanceState | null) {
  const previous = useRef<ConformanceState | null>(null);
  useEffect(() => {
    const before = previous.current ? RANK[previous.current] : 0;
    previous.current = state;
    if (!state || RANK[state] <= before) return;
    beep(RANK[state]);
    navigator.vibrate?.(RANK[state] === 2 ? [300, 100, 300, 100, 300] : [200]);
  }, [state]);
}

function details(conformance: FlightConformance, t: (key: string, values?: Record<string, unknown>) => string) {
  const parts: string[] = [];
  if (conformance.edgeDistanceM !== null) {
    parts.push(
      conformance.edgeDistanceM < 0
        ? t('conformance.outside', { metres: Math.round(-conformance.edgeDistanceM) })
        : t('conformance.edge', { metres: Math.round(conformance.edgeDistanceM) }),
    );
  }
  if (conformance.maxHeightM !== null) {
    parts.push(
      conformance.heightM === null
        ? t('conformance.noHeight')
        : t('conformance.height', { height: Math.round(conformance.heightM), limit: Math.round(conformance.maxHeightM) }),
    );
  }
  return parts.join(' · ');
}

/**
 * Shown on every back-office page while flying (docs/flight.md): the warning or the violation of the own flight, as
 * soon as the server answers the position, with a sound and a vibration where the device allows them.
 */
export function ConformanceBanner() {
  const { t } = useTranslation('flights');
  const conformance = useFlightConformance();
  const state = conformance?.state ?? null;
  useAlarm(state);
  if (!conformance || (state !== 'warning' && state !== 'violating')) return null;
  const rules = state === 'violating' ? conformance.violations : conformance.warnings;
  return (
    <Alert
      role="alert"
      data-testid="conformance-banner"
      data-state={state}
      color={state === 'violating' ? 'red' : 'yellow'}
      variant="filled"
      title={t(`conformance.${state}`)}
      // Along the bottom, where it hides no top bar, and letting clicks through: the pilot must still reach "Land".
      style={{ position: 'fixed', bottom: 0, left: 0, right: 0, zIndex: 1000, borderRadius: 0, pointerEvents: 'none' }}
    >
      <Text size="sm" fw={600}>
        {rules.map((rule) => t(`conformance.rules.${rule}`)).join(' · ')}
      </Text>
      <Text size="sm">{details(conformance, t)}</Text>
    </Alert>
  );
}
