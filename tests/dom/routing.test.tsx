import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, matchRoutes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { discoveredRoutes } from '@/app/discovered-routes';
import { routes } from '@/app/router';
import { paths } from '@/config/paths';
import { getSession } from '@/lib/session';
import { mockApi, renderApp, resetApp, signInAs, signInWith } from './helpers';

const SAMPLE_ARGS = ['a1', 'b2'];

describe('routes (spec §2)', () => {
  beforeEach(() => {
    mockApi();
  });
  afterEach(resetApp);

  it('routes every path of config/paths to a screen of its own, never to the not-found screen', () => {
    const router = createMemoryRouter(routes);
    for (const [id, children] of Object.entries(discoveredRoutes)) router.patchRoutes(id, children);
    for (const [key, route] of Object.entries(paths)) {
      const href = (route.getHref as (...args: string[]) => string)(...SAMPLE_ARGS);
      const matches = matchRoutes(router.routes, href.split('?')[0]);
      expect(matches, key).not.toBeNull();
      expect(matches!.at(-1)!.route.path, key).not.toBe('*');
    }
  });

  it('starts with the login page alone and adds the other routes on the first navigation elsewhere', async () => {
    const { router } = renderApp('/login');
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(matchRoutes(router.routes, '/signup')).toBeNull();
    expect(matchRoutes(router.routes, '/backoffice/users')).toBeNull();

    await userEvent.click(screen.getByRole('link', { name: 'Create an account' }));

    expect(await screen.findByRole('heading', { name: 'Create an account' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signup');
    expect(matchRoutes(router.routes, '/backoffice/users')!.at(-1)!.route.path).toBe(paths.users.path);
  });

  it('shows the not-found screen for an unknown path', async () => {
    const { router } = renderApp('/no-such-page');

    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/no-such-page');
  });

  it('sends a visitor without a token from a back-office route to /login', async () => {
    const { router } = renderApp('/backoffice/users/edit/7');

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends / to /login without a token', async () => {
    const { router } = renderApp('/');

    await screen.findByRole('heading', { name: 'Sign in' });
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends / to /backoffice/{homepage} with a token', async () => {
    signInAs('operator', { homepage: 'live' });

    const { router } = renderApp('/');

    expect(await screen.findByTestId('live-map')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/backoffice/live');
    expect(screen.getByTestId('layout-map')).toBeInTheDocument();
  });

  it('renders screens inside the right layout', async () => {
    signInAs('airspaceManager');

    const { router } = renderApp('/backoffice/replay');
    expect(await screen.findByTestId('replay-screen')).toBeInTheDocument();
    expect(screen.getByTestId('layout-map')).toBeInTheDocument();

    await router.navigate('/backoffice/procedure/edit/r-1');
    // The request screen's chunk brings the map and drawing modules: slow to load.
    expect(await screen.findByRole('heading', { name: 'Request for permission' })).toBeInTheDocument();
    expect(screen.getByTestId('layout-map')).toBeInTheDocument();

    // The registry screens are built; an administrator's pilot form still lives in the admin layout.
    await router.navigate('/backoffice/pilots/edit/u-1/p-1');
    expect(await screen.findByRole('heading', { name: 'Edit the pilot' })).toBeInTheDocument();
    expect(screen.getByTestId('layout-admin')).toBeInTheDocument();
  });

  it('/logout clears the session, revokes the refresh token and goes to /login', async () => {
    const api = mockApi(() => undefined);
    signInWith(['PILOT_LIST'], { gjrt: 'refresh-to-revoke' });
    const { router } = renderApp('/backoffice/dashboard');
    await screen.findByTestId('screen-dashboard');

    await userEvent.click(screen.getByTestId('user-menu'));
    await userEvent.click(await screen.findByTestId('user-menu-logout'));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(getSession()).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(api.to('POST', 'security/logout')[0]?.body).toEqual({ gjrt: 'refresh-to-revoke' });
  });

  it('goes to the maintenance page when the API answers 503 MAINTENANCE', async () => {
    mockApi((request) => (request.url === 'account' ? { status: 503, data: { code: 'MAINTENANCE', message: 'Maintenance' } } : undefined));
    signInAs('operator');

    const { router } = renderApp('/backoffice/account');

    expect(await screen.findByRole('heading', { name: 'Maintenance in progress' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/maintenance');
  });

  it('during maintenance sends an operator to the maintenance page, lets an administrator work, and offers administrators the sign-in', async () => {
    const maintenance = { maintenance: true, maintenanceMessage: null, devicesEmailDomain: 'x.test' };
    const api = mockApi((request) => (request.url === 'status' ? { status: 200, data: maintenance } : undefined));
    signInAs('operator');
    const operator = renderApp('/backoffice/dashboard');
    await waitFor(() => expect(operator.router.state.location.pathname).toBe('/maintenance'));
    await userEvent.click(await screen.findByTestId('maintenance-admin-login'));
    await waitFor(() => expect(operator.router.state.location.pathname).toBe('/login'));
    operator.unmount();

    signInAs('admin');
    const asked = api.to('GET', 'status').length;
    const admin = renderApp('/backoffice/dashboard');
    await screen.findByTestId('screen-dashboard');
    await waitFor(() => expect(api.to('GET', 'status').length).toBeGreaterThan(asked));
    // The operator was sent away as soon as the status arrived; the administrator stays where he is.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(admin.router.state.location.pathname).toBe('/backoffice/dashboard');
  });

  it('shows the maintenance banner when a message is announced without maintenance', async () => {
    mockApi((request) =>
      request.url === 'status'
        ? { status: 200, data: { maintenance: false, maintenanceMessage: 'Maintenance tonight at 22:00', devicesEmailDomain: 'x.test' } }
        : undefined,
    );

    renderApp('/login');

    expect(await screen.findByTestId('maintenance-banner')).toHaveTextContent('Maintenance tonight at 22:00');
  });

  it('switches the language and saves it on the account when signed in', async () => {
    const api = mockApi((request) =>
      request.method === 'PATCH' ? { status: 200, data: { lang: 'fr', homepage: 'dashboard' } } : undefined,
    );
    signInAs('operator');
    renderApp('/backoffice/dashboard');
    await screen.findByTestId('screen-dashboard');

    await userEvent.click(screen.getByTestId('language-fr'));

    expect(await screen.findByRole('heading', { name: 'Tableau de bord' })).toBeInTheDocument();
    expect(screen.getByTestId('tab-live')).toHaveTextContent('Carte');
    await waitFor(() => expect(api.to('PATCH', 'account')[0]?.body).toEqual({ lang: 'fr' }));
    expect(localStorage.getItem('lang')).toBe('fr');
  });

  it('names each language button with its visible code first (label in name)', async () => {
    mockApi();
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Sign in' });

    const english = screen.getByRole('button', { name: 'EN (English)' });
    const french = screen.getByRole('button', { name: 'FR (French)' });
    expect(english).toHaveTextContent('EN');
    expect(french).toHaveTextContent('FR');
    expect(english).toHaveAttribute('aria-pressed', 'true');
  });

  it('switches the language without calling the API when signed out', async () => {
    const api = mockApi();
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Sign in' });

    await userEvent.click(screen.getByTestId('language-fr'));

    expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeInTheDocument();
    expect(api.to('PATCH', 'account')).toHaveLength(0);
  });
});
