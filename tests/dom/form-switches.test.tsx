import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { AlertDetail } from '@/shared/contracts/alerts';
import type { Tracker } from '@/shared/contracts/trackers';
import { mockApi, renderApp, resetApp, signInAs } from './helpers';

/** Switches of saved records show the saved value, and one click turns it to the other (issue 14). */

const ALERT: AlertDetail = {
  id: 'a-1',
  name: 'Research centre',
  type: 'doNotEnter',
  isDisplayed: true,
  showForUsersOnly: false,
  permanent: true,
  lowerLimitM: 0,
  upperLimitM: 150,
  violationCount: 0,
  createdAt: '2026-11-01T10:00:00.000Z',
  linkedUsers: [],
  proximityHorizontalM: null,
  proximityVerticalM: null,
  proximitySources: [],
  proximityTargetSources: [],
  notifyEmail: false,
  notifySms: false,
  notifyPush: false,
  geometry: {
    type: 'MultiPolygon',
    coordinates: [
      [
        [
          [2.1, 48.7],
          [2.2, 48.7],
          [2.2, 48.8],
          [2.1, 48.7],
        ],
      ],
    ],
  },
  geometrySources: ['drawn'],
  updatedAt: '2026-11-01T10:00:00.000Z',
};

const TRACKER: Tracker = {
  id: 't-1',
  ident: 'F-DEMO',
  alias: null,
  recorded: true,
  relatedUser: null,
  vehicle: 'drone',
  source: 'og',
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
};

describe('switches of saved records', () => {
  afterEach(resetApp);

  it("show an alert's saved 'displayed on the map' and 'permanent', and send the value the user sees", async () => {
    const api = mockApi((request) => {
      if (request.url === 'alerts/a-1' && request.method === 'GET') return { status: 200, data: ALERT };
      if (request.url === 'alerts/a-1' && request.method === 'PUT') return { status: 200, data: ALERT };
      return undefined;
    });
    signInAs('admin');
    renderApp('/backoffice/alerts/edit/a-1');

    const displayed = await screen.findByRole('switch', { name: 'Displayed on the map' });
    expect(displayed).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Permanent' })).toBeChecked();

    await userEvent.click(displayed);
    expect(displayed).not.toBeChecked();
    await userEvent.click(screen.getByTestId('alert-save'));
    await waitFor(() => expect(api.to('PUT', 'alerts/a-1')).toHaveLength(1));
    expect(api.to('PUT', 'alerts/a-1')[0]!.body).toMatchObject({ isDisplayed: false, permanent: true });
  });

  it("shows a tracker's saved 'recorded'", async () => {
    mockApi((request) => (request.url === 'trackers/t-1' ? { status: 200, data: TRACKER } : undefined));
    signInAs('admin');
    renderApp('/backoffice/trackers/edit/t-1');

    expect(await screen.findByRole('switch', { name: 'Recorded' })).toBeChecked();
  });
});
