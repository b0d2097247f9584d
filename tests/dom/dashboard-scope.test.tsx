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
  manager: null,
  admin: null,
};

describe('dashboard scope', () => {
  afterEach(resetApp);

  it('does not call an airspace manager\'s account an "operator account"', async () => {
    mockApi((request) => (request.url === 'dashboard' ? { status: 200, data: OWN } : undefined));
    signInAs('airspaceManager');
    renderApp('/backoffice/dashboard');

    const scope = await screen.findByTestId('dashboard-scope');
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

    expect(await screen.findByTestId('chart-detections')).toBeInTheDocument();
    expect(screen.queryByTestId('chart-detections-empty')).not.toBeInTheDocument();
  });

  it('shows an airspace manager his day: each figure opens its list, the requests to decide with their deadlines', async () => {
    const day: Dashboard = {
      ...OWN,
      scope: 'manager',
      manager: {
        toDecide: {
          total: 3,
          items: [
            {
              id: 'f4a1c7a2-0000-4000-8000-000000000001',
              referenceNumber: 'AG-2026-000042',
              missionTitle: 'Campus photogrammetry',
              airspaceName: 'Paris-Saclay demo airspace',
              submittedAt: '2026-06-14T08:00:00Z',
              autoRejectAt: '2026-06-16T08:00:00Z',
            },
          ],
        },
        acceptedToday: 2,
        airborneNow: 1,
        openViolations: 4,
        medianDecisionMinutes: 75,
        decisions: 5,
      },
    };
    mockApi((request) => (request.url === 'dashboard' ? { status: 200, data: day } : undefined));
    signInAs('airspaceManager');
    renderApp('/backoffice/dashboard');

    expect(await screen.findByTestId('figure-to-decide-value')).toHaveTextContent('3');
    expect(screen.getByTestId('figure-to-decide')).toHaveAttribute('href', '/backoffice/procedures?status=submitted');
    expect(screen.getByTestId('figure-open-violations')).toHaveAttribute('href', '/backoffice/violations?state=open');
    expect(screen.getByTestId('figure-accepted-today-value')).toHaveTextContent('2');
    expect(screen.getByTestId('figure-airborne-value')).toHaveTextContent('1');
    expect(screen.getByTestId('figure-median-decision-value')).toHaveTextContent('75 min');
    expect(screen.getByTestId('to-decide-row')).toHaveTextContent('AG-2026-000042');
    expect(screen.queryByTestId('chart-profile')).not.toBeInTheDocument();
  });
});
