import { describe, expect, it } from 'vitest';
import { alertsBoxOf, nearEdge } from '@/app/flight/own-flight-view';

describe('the live map around the own flight', () => {
  it('asks for the alerts of the viewport widened to 0.05°, the same box for a small pan', () => {
    expect(alertsBoxOf([2.1412, 48.7301, 2.1733, 48.7512])).toEqual([2.1, 48.7, 2.2, 48.8]);
    expect(alertsBoxOf([2.1425, 48.7305, 2.1746, 48.7516])).toEqual([2.1, 48.7, 2.2, 48.8]);
    expect(alertsBoxOf([-0.02, -0.01, 0.01, 0.02])).toEqual([-0.05, -0.05, 0.05, 0.05]);
  });

  it('asks for none while the viewport is wider than the lookup allows (1°), nor before the map has one', () => {
    expect(alertsBoxOf([1.6, 48.4, 2.7, 49.1])).toBeNull();
    expect(alertsBoxOf([2.0, 48.0, 2.9, 49.02])).toBeNull();
    expect(alertsBoxOf(null)).toBeNull();
  });

  it('moves the view only when the own position comes within a fifth of its edge or leaves it', () => {
    const view = [2.0, 48.0, 2.1, 48.1] as const;
    expect(nearEdge([...view], { lat: 48.05, lon: 2.05 })).toBe(false);
    expect(nearEdge([...view], { lat: 48.05, lon: 2.021 })).toBe(false);
    expect(nearEdge([...view], { lat: 48.05, lon: 2.019 })).toBe(true);
    expect(nearEdge([...view], { lat: 48.085, lon: 2.05 })).toBe(true);
    expect(nearEdge([...view], { lat: 48.2, lon: 2.05 })).toBe(true);
    expect(nearEdge([...view], { lat: 48.05, lon: 1.9 })).toBe(true);
  });
});
