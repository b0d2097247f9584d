import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Dashboard } from '@/shared/contracts/dashboard';
import { mockApi, renderApp, resetApp, signInAs } from './helpers';

const OWN: Dashboard = {
  scope: 'operator',
  popularity: { machines: 0, models: [] },
  detections: {
    days: [],
    last7Days: 0,
    sinceMonthStart: 0,
    sinceYearStart: 0,
    tracks: { last7Days: 0, sinceMonthStart: 0, sinceYearStart: 0 },
  },
  profile: { pilots: 0, machines: 0, missions: 0 },
  admin: null,
};

describe('dashboard scope', () => {
  afterEach(resetApp);

  it('does not call an airspace manager\'s account an "operator account"', async () => {
    mockApi((request) => (request.url === 'dashboard' ? { status: 200, data: OWN } : undefined));
    signInAs('airspaceManager');
    renderApp('/backoffice/dashboard');

    const scope = await screen.findByTestId('dashboard-scope', {}, { timeout: 10_000 });
    expect(scope).toHaveTextContent('Figures of your own account');
    expect(scope).not.toHaveTextContent('operator account');
  });

  it('draws the detections of the last seven days in the first days of January, when none is of the new year yet', async () => {
    const newYear: Dashboard = {
      ...OWN,
      detections: {
        days: [{ day: '2026-12-31', count: 2 }],
        last7Days: 2,
        sinceMonthStart: 0,
        sinceYearStart: 0,
        tracks: { last7Days: 1, sinceMonthStart: 0, sinceYearStart: 0 },
      },
    };
    mockApi((request) => (request.url === 'dashboard' ? { status: 200, data: newYear } : undefined));
    signInAs('operator');
    renderApp('/backoffice/dashboard');

    expect(await screen.findByTestId('chart-detections', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByTestId('chart-detections-empty')).not.toBeInTheDocument();
  });
});
