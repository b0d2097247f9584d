import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AppProvider } from '@/app/provider';
import { PostFlightDiary } from '@/features/post-flights/components/post-flight-diary';
import { createQueryClient } from '@/lib/query-client';
import type { PostFlight } from '@/shared/contracts/post-flights';

export const MISSION = '22222222-2222-4222-8222-222222222222';
export const PATH = `postflights/${MISSION}`;

/** The diary of a validated mission with nothing written yet; `overrides` set what a test is about. */
export function diaryOf(overrides: Partial<PostFlight> = {}): PostFlight {
  return {
    missionId: MISSION,
    missionTitle: 'Roof survey',
    missionStatus: 'validated',
    flightTimeMin: null,
    activity: null,
    activityOther: null,
    proposedFlightTimeMin: { fromFlights: null, fromTracks: null },
    flights: [],
    notes: [],
    history: [],
    updatedAt: null,
    ...overrides,
  };
}

export function renderDiary() {
  return render(
    <AppProvider queryClient={createQueryClient()}>
      <MemoryRouter>
        <PostFlightDiary missionId={MISSION} />
      </MemoryRouter>
    </AppProvider>,
  );
}
