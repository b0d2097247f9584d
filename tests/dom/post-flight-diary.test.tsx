import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { PostFlight } from '@/shared/contracts/post-flights';
import { mockApi, resetApp, signInWith } from './helpers';
import { diaryOf, PATH, renderDiary } from './post-flight-fixtures';

/** A flown mission: one flight of 30 minutes, 45 minutes of tracks. */
const diary = (overrides: Partial<PostFlight> = {}) =>
  diaryOf({
    proposedFlightTimeMin: { fromFlights: 30, fromTracks: 45 },
    flights: [{ takeoffAt: '2099-06-15T08:00:00.000Z', landedAt: '2099-06-15T08:30:00.000Z' }],
    ...overrides,
  });

describe('the post-flight diary', () => {
  afterEach(resetApp);

  it('takes the proposed flight time, asks for the specify text of "other", and saves', async () => {
    signInWith(['JOURNEY_LIST', 'JOURNEY_EDIT']);
    const api = mockApi((request) => {
      if (request.method === 'GET' && request.url === PATH) return { status: 200, data: diary() };
      if (request.method === 'PUT' && request.url === PATH)
        return {
          status: 200,
          data: diary({
            ...(request.body as object),
            history: [
              {
                id: 'h1',
                actorName: 'Olivia Operator',
                at: '2099-06-15T09:00:00.000Z',
                changes: [{ field: 'flightTimeMin', from: null, to: 30 }],
              },
            ],
          }),
        };
      return undefined;
    });
    renderDiary();

    await userEvent.click(await screen.findByRole('button', { name: '30 min from take-offs and landings' }));
    await userEvent.selectOptions(screen.getByTestId('post-flight-activity'), 'other');
    await userEvent.click(screen.getByTestId('post-flight-save'));
    expect(await screen.findByText('This field must not be empty.')).toBeInTheDocument();
    expect(api.to('PUT', PATH)).toHaveLength(0);

    await userEvent.type(screen.getByTestId('post-flight-activity-other'), 'Solar panels');
    await userEvent.click(screen.getByTestId('post-flight-save'));

    await waitFor(() => expect(api.to('PUT', PATH)).toHaveLength(1));
    expect(api.to('PUT', PATH)[0]!.body).toEqual({ flightTimeMin: 30, activity: 'other', activityOther: 'Solar panels' });
    expect(
      within(await screen.findByTestId('post-flight-history')).getByText('Flight time (minutes): (empty) → 30 minutes'),
    ).toBeInTheDocument();
  });

  it('is read-only without JOURNEY_EDIT', async () => {
    signInWith(['JOURNEY_LIST']);
    mockApi((request) => (request.url === PATH ? { status: 200, data: diary({ flightTimeMin: 12, activity: 'top' }) } : undefined));
    renderDiary();

    expect(await screen.findByTestId('post-flight-time')).toBeDisabled();
    expect(screen.queryByTestId('post-flight-save')).not.toBeInTheDocument();
    expect(screen.queryByTestId('post-flight-new-note')).not.toBeInTheDocument();
  });

  it('says the diary waits for a validated mission', async () => {
    signInWith(['JOURNEY_LIST', 'JOURNEY_EDIT']);
    mockApi((request) => (request.url === PATH ? { status: 200, data: diary({ missionStatus: 'complete' }) } : undefined));
    renderDiary();

    expect(await screen.findByTestId('post-flight-not-flown')).toHaveTextContent('The diary is kept once the mission is validated.');
    expect(screen.queryByTestId('post-flight-save')).not.toBeInTheDocument();
  });
});
