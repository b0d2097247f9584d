import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { StartOptions } from '@/features/missions/start-options/start-options';
import { createQueryClient } from '@/lib/query-client';
import { resetApp } from './helpers';

// A Friday afternoon at the end of a month, in local time.
const NOW = new Date(2026, 6, 31, 15, 30);

function renderOptions() {
  const onStart = vi.fn<(start: Date) => void>();
  render(
    <AppProvider queryClient={createQueryClient()}>
      <StartOptions onStart={onStart} now={() => NOW} />
    </AppProvider>,
  );
  return onStart;
}

describe('default start options', () => {
  afterEach(resetApp);

  it('gives tomorrow and early next week at 09:00', async () => {
    const onStart = renderOptions();
    await userEvent.click(await screen.findByRole('radio', { name: 'Tomorrow' }));
    expect(onStart).toHaveBeenLastCalledWith(new Date(2026, 7, 1, 9, 0));
    await userEvent.click(screen.getByRole('radio', { name: 'Early next week' }));
    expect(onStart).toHaveBeenLastCalledWith(new Date(2026, 7, 3, 9, 0));
  });

  it('asks for the day of a fixed day, from tomorrow on, and starts it at 09:00', async () => {
    const onStart = renderOptions();
    await userEvent.click(await screen.findByRole('radio', { name: 'Fixed day' }));
    expect(onStart).not.toHaveBeenCalled();
    const day = screen.getByLabelText('Day');
    // jsdom's browser prefers en-US: month first. Today is refused, tomorrow is the first day offered.
    await userEvent.type(day, '07/31/2026');
    expect(onStart).not.toHaveBeenCalled();
    await userEvent.clear(day);
    await userEvent.type(day, '09/14/2026');
    expect(onStart).toHaveBeenLastCalledWith(new Date(2026, 8, 14, 9, 0));
  });
});
