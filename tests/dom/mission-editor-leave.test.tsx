import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi, renderApp, resetApp, signInAs } from './helpers';

describe('mission editor: leaving with unsaved edits', () => {
  afterEach(resetApp);

  it('asks before leaving, stays when the user stays, and leaves when the user confirms', { timeout: 90_000 }, async () => {
    mockApi((request) =>
      request.method === 'GET' && request.url !== 'status'
        ? { status: 200, data: { items: [], total: 0, page: 1, pageSize: 20 } }
        : undefined,
    );
    signInAs('operator');
    const { router } = renderApp('/backoffice/preflights/add');
    await userEvent.type(await screen.findByTestId('mission-title'), 'Draft');

    void router.navigate('/backoffice/pilots');
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    expect(dialog).toHaveTextContent('Your changes to this mission are not saved.');
    await userEvent.click(within(dialog).getByText('Stay and save'));
    await waitFor(() => expect(screen.queryByText('Leave without saving?')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/backoffice/preflights/add');
    expect(screen.getByTestId('mission-title')).toHaveValue('Draft');

    void router.navigate('/backoffice/pilots');
    await userEvent.click(await screen.findByTestId('confirm-yes'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/backoffice/pilots'));
  });

  it('leaves without asking when nothing was edited', async () => {
    mockApi((request) =>
      request.method === 'GET' && request.url !== 'status'
        ? { status: 200, data: { items: [], total: 0, page: 1, pageSize: 20 } }
        : undefined,
    );
    signInAs('operator');
    const { router } = renderApp('/backoffice/preflights/add');
    await screen.findByTestId('mission-title');

    await router.navigate('/backoffice/pilots');
    await waitFor(() => expect(router.state.location.pathname).toBe('/backoffice/pilots'));
    expect(screen.queryByText('Leave without saving?')).not.toBeInTheDocument();
  });
});
