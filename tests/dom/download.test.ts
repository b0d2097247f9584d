import { afterEach, describe, expect, it, vi } from 'vitest';
import { SAVED_BLOB_URL_MS, saveBlob } from '@/lib/download';

const { createObjectURL, revokeObjectURL } = URL;

describe('saving a file the API answered', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = revokeObjectURL;
  });

  it('clicks a download link to the file and keeps its address until the browser has fetched it', () => {
    vi.useFakeTimers();
    URL.createObjectURL = vi.fn(() => 'blob:track');
    URL.revokeObjectURL = vi.fn();
    const clicked: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });

    saveBlob(new Blob(['<kml/>']), 'Logger flight.kml');

    expect(clicked).toEqual([{ href: 'blob:track', download: 'Logger flight.kml' }]);
    // Revoked on the click's own task, Firefox and Safari would find nothing to download.
    expect(URL.revokeObjectURL).not.toHaveBeenCalled();
    vi.advanceTimersByTime(SAVED_BLOB_URL_MS - 1);
    expect(URL.revokeObjectURL).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:track');
  });
});
