import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEVICES_DOMAIN, mockApi, renderApp, resetApp, signInAs, signInWith, type ProfileName } from './helpers';

function testIdsWithPrefix(container: HTMLElement, prefix: string) {
  return Array.from(container.querySelectorAll<HTMLElement>(`[data-testid^="${prefix}"]`)).map((element) =>
    element.dataset.testid!.slice(prefix.length),
  );
}

async function renderDashboard() {
  renderApp('/backoffice/dashboard');
  const menu = await screen.findByTestId('side-menu');
  const tabs = await screen.findByTestId('feature-tabs');
  await screen.findByTestId('screen-dashboard');
  return { menu, tabs };
}

const EXPECTED: Record<ProfileName, { tabs: string[]; menu: string[] }> = {
  admin: {
    tabs: ['dashboard', 'preflights', 'live', 'replay'],
    menu: [
      'preflights',
      'replay',
      'logbook',
      'live',
      'dashboard',
      'violations',
      'users',
      'groups',
      'airspaces',
      'trackers',
      'whitelist',
      'alerts',
      'outbox',
      'account',
      'userPilots',
      'userMachines',
      'documents',
      'droneModels',
      'userPayments',
    ],
  },
  operator: {
    tabs: ['dashboard', 'preflights', 'live', 'replay'],
    menu: [
      'preflights',
      'replay',
      'logbook',
      'live',
      'dashboard',
      'violations',
      'account',
      'pilots',
      'machines',
      'documents',
      'droneModels',
      'payments',
    ],
  },
  supervisedPilot: {
    tabs: ['dashboard', 'preflights', 'live', 'replay'],
    menu: ['preflights', 'replay', 'logbook', 'live', 'dashboard', 'violations', 'account', 'machines', 'documents', 'droneModels'],
  },
  airspaceManager: {
    tabs: ['dashboard', 'procedures', 'live'],
    menu: [
      'procedures',
      'live',
      'dashboard',
      'violations',
      'account',
      'myAirspace',
      'automations',
      'classifications',
      'documents',
      'droneModels',
    ],
  },
};

describe('tabs and side menu follow spec §2 for the demo profiles', () => {
  beforeEach(() => {
    mockApi();
  });
  afterEach(resetApp);

  for (const profile of Object.keys(EXPECTED) as ProfileName[]) {
    it(`shows the ${profile} exactly the tabs and menu entries its rights allow`, async () => {
      signInAs(profile);

      const { menu, tabs } = await renderDashboard();

      expect(testIdsWithPrefix(tabs, 'tab-')).toEqual(EXPECTED[profile].tabs);
      expect(testIdsWithPrefix(menu, 'menu-')).toEqual(EXPECTED[profile].menu);
    });
  }

  it('on a phone the current tab opens the list of the same tabs, which navigates', async () => {
    signInAs('operator');
    const { tabs } = await renderDashboard();
    const compact = screen.getByTestId('feature-tabs-compact');
    expect(compact).toHaveTextContent('Dashboard');

    await userEvent.click(compact);
    // Hidden ones too: once Floating UI has measured the tab, Mantine hides the open list as detached from it, since
    // jsdom lays nothing out; on a busy machine that happens before the first look. A closed list is not in the DOM.
    const items = await screen.findAllByRole('menuitem', { hidden: true });
    expect(items.map((item) => item.getAttribute('data-testid')?.replace('tab-compact-', ''))).toEqual(testIdsWithPrefix(tabs, 'tab-'));
    await userEvent.click(screen.getByTestId('tab-compact-preflights'));
    await waitFor(() => expect(screen.getByTestId('feature-tabs-compact')).toHaveTextContent('Pre-flight'));
  });

  it('never shows the my-agreement entry, and shows drone models to everyone', async () => {
    signInWith([]);

    const { menu, tabs } = await renderDashboard();

    expect(testIdsWithPrefix(tabs, 'tab-')).toEqual(['dashboard', 'live']);
    expect(within(menu).queryByTestId('menu-myAgreement')).not.toBeInTheDocument();
    expect(within(menu).getByTestId('menu-droneModels')).toHaveAttribute('href', '/backoffice/dronemodels');
  });

  it('points a supervised pilot\u2019s "my account" at the pilot edit page and hides the account page', async () => {
    signInAs('supervisedPilot');

    const { menu } = await renderDashboard();

    expect(within(menu).getByTestId('menu-account')).toHaveAttribute('href', '/backoffice/pilots/edit/pilot-42');
    await userEvent.click(screen.getByTestId('user-menu'));
    expect(await screen.findByTestId('user-menu-ownPilot')).toHaveAttribute('href', '/backoffice/pilots/edit/pilot-42');
    expect(screen.queryByTestId('user-menu-account')).not.toBeInTheDocument();
    expect(screen.queryByTestId('user-menu-pilots')).not.toBeInTheDocument();
  });

  it.each(['/backoffice/account', '/backoffice/pilots', '/backoffice/pilots/add', '/backoffice/machines/add', '/backoffice/myagreement'])(
    'sends a supervised pilot who types %s to the dashboard',
    async (path) => {
      signInAs('supervisedPilot');

      const { router } = renderApp(path);

      await screen.findByTestId('screen-dashboard');
      expect(router.state.location.pathname).toBe('/backoffice/dashboard');
    },
  );

  it("opens a supervised pilot's own account read only: his data, documents and files, no operator form", async () => {
    signInAs('supervisedPilot');
    const pilot = {
      id: 'pilot-42',
      ownerId: 'operator-1',
      firstName: 'Paula',
      lastName: 'Pilot',
      email: 'paula@example.com',
      phone: null,
      birthDate: '1990-04-12',
      supervisionLevel: 1,
      supervised: true,
      supervisedUserId: 'user-42',
      rights: ['missionPreparation'],
      documents: [
        { id: 'd-1', skillType: 'openA2', reference: 'A2-77', validFrom: '2025-01-01', validUntil: '2030-12-31', attachmentId: null },
      ],
      deletedAt: null,
      createdAt: '2026-01-01T00:00:00Z',
      updatedAt: '2026-01-01T00:00:00Z',
    };
    const api = mockApi((request) => {
      if (request.url === 'pilots/pilot-42') return { status: 200, data: pilot };
      if (request.url === 'attachments') return { status: 200, data: [] };
      return undefined;
    });

    renderApp('/backoffice/pilots/edit/pilot-42');

    const page = await screen.findByTestId('own-pilot-account');
    expect(within(page).getByRole('heading', { level: 1, name: 'My account' })).toBeInTheDocument();
    expect(within(page).getByTestId('own-pilot-email')).toHaveTextContent('paula@example.com');
    expect(within(page).getByTestId('own-pilot-level')).toHaveTextContent('Basic');
    expect(within(page).getByTestId('own-pilot-rights')).toHaveTextContent('Mission preparation');
    expect(within(page).getByTestId('own-pilot-documents')).toHaveTextContent('A2-77');
    expect(within(page).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(within(page).queryByRole('textbox')).not.toBeInTheDocument();
    await waitFor(() => expect(api.requests.some((r) => r.url === 'attachments' && r.params?.recordId === 'pilot-42')).toBe(true));
  });

  it('shows the parent account entry with SUPERVISION_ACCOUNT_EDIT', async () => {
    signInWith(['SUPERVISION_PILOT', 'SUPERVISION_ACCOUNT_EDIT'], { supervision: 'pilot-7' });

    const { menu } = await renderDashboard();

    expect(within(menu).getByTestId('menu-parentAccount')).toHaveAttribute('href', '/backoffice/account/parent');
  });

  it('shows the devices entry only to e-mails of the devices domain from /api/status', async () => {
    signInAs('operator', { email: `tech@${DEVICES_DOMAIN}` });

    const { menu } = await renderDashboard();

    await waitFor(() => expect(within(menu).getByTestId('menu-devices')).toHaveAttribute('href', '/backoffice/devices'));
  });

  it('keeps the user entries of an administrator disabled until a user is open, then points them at that user', async () => {
    signInAs('admin');
    const { router } = renderApp('/backoffice/users/edit/user-9');
    const menu = await screen.findByTestId('side-menu');

    expect(within(menu).getByTestId('menu-userPilots')).toHaveAttribute('href', '/backoffice/pilots/user/user-9');
    expect(within(menu).getByTestId('menu-users')).toHaveAttribute('aria-current', 'page');

    await router.navigate('/backoffice/users');
    await waitFor(() => expect(within(menu).getByTestId('menu-userPilots')).toBeDisabled());
  });

  it('lists the user menu links an operator may follow, with the initials and the name', async () => {
    signInAs('operator');
    await renderDashboard();

    expect(screen.getByTestId('user-initials')).toHaveTextContent('OO');
    expect(screen.getByTestId('user-name')).toHaveTextContent('Oscar Operator');
    await userEvent.click(screen.getByTestId('user-menu'));

    await screen.findByTestId('user-menu-logout');
    expect(testIdsWithPrefix(document.body, 'user-menu-')).toEqual(['dashboard', 'account', 'pilots', 'machines', 'logout']);
  });

  it('marks the current tab and menu entry as the current page', async () => {
    signInAs('operator');
    renderApp('/backoffice/preflights/edit/m-1');

    const tab = await screen.findByTestId('tab-preflights');
    expect(tab).toHaveAttribute('aria-current', 'page');
    expect(screen.getByTestId('layout-map')).toBeInTheDocument();
    expect(screen.queryByTestId('side-menu')).not.toBeInTheDocument();
  });
});
