import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { changeLanguage } from '@/lib/i18n';
import { BUSY_RETRIES } from '@/lib/busy';
import { SAVED_BLOB_URL_MS, downloadFile, saveBlob } from '@/lib/download';
import { createQueryClient } from '@/lib/query-client';
import { mockApi, resetApp, signInWith } from './helpers';

const { createObjectURL, revokeObjectURL } = URL;

/** An error answer as a file request receives it: its JSON body in a Blob. */
const errorBlob = (code: string) => new Blob([JSON.stringify({ code, message: `server says ${code}` })], { type: 'application/json' });

/** The application's providers, its toasts included. */
function renderToasts() {
  render(
    <AppProvider queryClient={createQueryClient()}>
      <div />
    </AppProvider>,
  );
}

/** The links clicked to save files: their address and name. */
function clickedLinks() {
  const clicked: { href: string; download: string }[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.href, download: this.download });
  });
  return clicked;
}

describe('saving a file the API answered', () => {
  afterEach(async () => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = revokeObjectURL;
    await resetApp();
  });

  it('clicks a download link to the file and keeps its address until the browser has fetched it', () => {
    vi.useFakeTimers();
    URL.createObjectURL = vi.fn(() => 'blob:track');
    URL.revokeObjectURL = vi.fn();
    const clicked = clickedLinks();

    saveBlob(new Blob(['<kml/>']), 'Logger flight.kml');

    expect(clicked).toEqual([{ href: 'blob:track', download: 'Logger flight.kml' }]);
    // Revoked on the click's own task, Firefox and Safari would find nothing to download.
    expect(URL.revokeObjectURL).not.toHaveBeenCalled();
    vi.advanceTimersByTime(SAVED_BLOB_URL_MS - 1);
    expect(URL.revokeObjectURL).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:track');
  });

  it('asks again for a file refused while another export of the user runs, after the wait the server names, and saves it', async () => {
    renderToasts();
    signInWith(['JOURNEY_LIST']);
    URL.createObjectURL = vi.fn(() => 'blob:kml');
    URL.revokeObjectURL = vi.fn();
    const clicked = clickedLinks();
    let refusals = 1;
    const api = mockApi((request) => {
      if (request.url !== 'postflights/m-1/track') return undefined;
      if (refusals-- > 0) return { status: 429, data: errorBlob('EXPORT_BUSY'), headers: { 'retry-after': '0.05' } };
      return { status: 200, data: new Blob(['<kml/>']) };
    });

    await downloadFile('postflights/m-1/track', { format: 'kml' }, 'Logger.kml');

    expect(api.to('GET', 'postflights/m-1/track').map((request) => request.params)).toEqual([{ format: 'kml' }, { format: 'kml' }]);
    expect(clicked).toEqual([{ href: 'blob:kml', download: 'Logger.kml' }]);
    expect(screen.queryByTestId('error-toast')).not.toBeInTheDocument();
  });

  it('shows a refusal that lasts once, translated, after asking again as many times as it may; in French', async () => {
    await changeLanguage('fr');
    renderToasts();
    signInWith(['JOURNEY_LIST']);
    const clicked = clickedLinks();
    const api = mockApi((request) =>
      request.url === 'logbook/csv' ? { status: 429, data: errorBlob('EXPORT_BUSY'), headers: { 'retry-after': '0.01' } } : undefined,
    );

    await expect(downloadFile('logbook/csv', {}, 'logbook.csv')).rejects.toBeDefined();

    expect(api.to('GET', 'logbook/csv')).toHaveLength(BUSY_RETRIES + 1);
    expect(clicked).toEqual([]);
    const toast = await screen.findByTestId('error-toast');
    expect(toast).toHaveTextContent('Trop d’exports sont en cours : réessayez dans quelques secondes.');
    await waitFor(() => expect(screen.getAllByTestId('error-toast')).toHaveLength(1));
  });

  it("shows any other error of a file request at once, in the user's language, not axios's message", async () => {
    renderToasts();
    signInWith(['PREFLIGHT_LIST']);
    const api = mockApi((request) => (request.url === 'preflights/m-2/export' ? { status: 404, data: errorBlob('NOT_FOUND') } : undefined));

    await expect(downloadFile('preflights/m-2/export', { format: 'kml' }, 'mission.kml')).rejects.toBeDefined();

    expect(api.to('GET', 'preflights/m-2/export')).toHaveLength(1);
    const toast = await screen.findByTestId('error-toast');
    expect(toast).not.toHaveTextContent('status code');
    expect(toast).toHaveTextContent('What you are looking for does not exist or no longer exists.');
  });
});
