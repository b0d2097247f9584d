import type { ReactNode } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import type { RequestActivations } from '@/shared/contracts/activations';
import type { RequestDetail } from '@/shared/contracts/requests';
import type { Polygon } from '@/shared/geozones/zone';
import { mockApi, renderApp, resetApp, signInAs, typeDateTime, type RecordedRequest } from './helpers';

// MapLibre needs WebGL and a worker: the maps keep their children, and drawing is one button giving a polygon.
vi.mock('@/components/map/map-view', () => ({
  MapView: ({ children }: { children?: ReactNode }) => <div data-testid="map-stub">{children}</div>,
}));
vi.mock('@/components/map/geojson-layer', () => ({ GeoJsonLayer: () => null }));
vi.mock('@/components/map/draw-control', () => ({
  DrawControl: ({ onChange }: { onChange: (shapes: { areas: { geometry: unknown }[] }) => void }) => (
    <button type="button" onClick={() => onChange({ areas: [{ geometry: REDUCED_AREA }] })}>
      draw the reduced area
    </button>
  ),
}));

const REDUCED_AREA: Polygon = {
  type: 'Polygon',
  coordinates: [
    [
      [2.3, 48.8],
      [2.31, 48.8],
      [2.31, 48.81],
      [2.3, 48.8],
    ],
  ],
};

const NO_ACTIVATIONS: RequestActivations = {
  required: false,
  trigger: 'never',
  canFile: false,
  viewer: 'manager',
  window: {
    minDate: '2026-12-01T09:00:00.000Z',
    maxDate: '2026-12-01T11:00:00.000Z',
    open: false,
    opensAt: null,
    fileBy: '2026-12-01T11:00:00.000Z',
  },
  maxDurationHours: null,
  autoRejectDelayHours: null,
  activations: [],
};

function detail(overrides: Partial<RequestDetail> = {}): RequestDetail {
  return {
    id: 'r-1',
    referenceNumber: 'AG-2026-000001',
    status: 'submitted',
    automatic: false,
    missionId: 'm-1',
    missionTitle: 'Bridge survey',
    startAt: '2026-12-01T09:00:00.000Z',
    endAt: '2026-12-01T11:00:00.000Z',
    airspace: { id: 'a-1', name: 'North airfield', internalCode: 'LFNA' },
    operator: { id: 'u-1', firstName: 'Oscar', lastName: 'Operator', companyName: 'SkyWorks' },
    impactLevel: 'medium',
    submittedAt: '2026-11-20T10:00:00.000Z',
    autoRejectAt: null,
    callControl: false,
    operatorPhone: '+33 6 12 34 56 78',
    firstMessage: null,
    conditionsAcceptedAt: '2026-11-20T10:00:00.000Z',
    missionSnapshot: {
      id: 'm-1',
      title: 'Bridge survey',
      startAt: '2026-12-01T09:00:00.000Z',
      endAt: '2026-12-01T11:00:00.000Z',
      maxHeightM: 120,
      maxAltitudeFt: null,
      areas: {
        type: 'MultiPolygon',
        coordinates: [
          [
            [
              [2.3, 48.8],
              [2.32, 48.8],
              [2.32, 48.82],
              [2.3, 48.8],
            ],
          ],
        ],
      },
      areaKm2: 0.5,
      extentKm: 2.4,
      scenario: null,
      country: 'FR',
      camerawork: false,
      description: null,
      constraints: null,
      referentPilot: { id: 'p-1', firstName: 'Pat', lastName: 'Pilot' },
      mainMachine: { id: 'd-1', internalName: 'Hawk', serialNumber: 'SN-1', classes: ['C2'], massGrams: 900 },
    },
    classification: null,
    restrictions: [],
    rejectionReason: null,
    decidedBy: null,
    decidedAt: null,
    automationRule: null,
    space: { generalConditions: 'Call the tower.', permanentConditions: null, news: null, description: null, twrPhoneNumber: null },
    viewer: 'manager',
    allowedActions: ['accept', 'acceptWithRestrictions', 'reject', 'askInformation'],
    events: [
      {
        id: 'e-1',
        from: null,
        to: 'submitted',
        action: 'submit',
        actor: { id: 'u-1', firstName: 'Oscar', lastName: 'Operator' },
        reason: null,
        details: null,
        at: '2026-11-20T10:00:00.000Z',
      },
    ],
    messages: [],
    activeMissions: [],
    conflicts: [],
    ...overrides,
  };
}

const CONFLICT: RequestDetail['conflicts'][number] = {
  requestId: 'r-7',
  referenceNumber: 'AG-2026-000007',
  missionTitle: 'Mast inspection',
  status: 'accepted',
  overlap: {
    areas: {
      type: 'MultiPolygon',
      coordinates: [
        [
          [
            [2.1525, 48.7025],
            [2.155, 48.7025],
            [2.155, 48.705],
            [2.1525, 48.7025],
          ],
        ],
      ],
    },
    minHeightM: 20,
    maxHeightM: 50,
    startAt: '2026-12-01T09:30:00.000Z',
    endAt: '2026-12-01T10:00:00.000Z',
  },
};

/** The detail of `request`; each action or message answers the request as `after` returns it. */
function detailApi(request: RequestDetail, after: (call: RecordedRequest) => RequestDetail = () => request) {
  return mockApi((call) => {
    if (call.method === 'GET' && call.url === 'procedures/r-1') return { status: 200, data: request };
    if (call.method === 'GET' && call.url === 'requests/r-1/activations') return { status: 200, data: NO_ACTIVATIONS };
    if (call.method === 'POST' && call.url.startsWith('procedures/r-1/')) return { status: 200, data: after(call) };
    if (call.method === 'GET' && call.url === 'procedures/airspaces') return { status: 200, data: [] };
    if (call.method === 'GET' && call.url === 'procedures') return { status: 200, data: { items: [], total: 0, page: 1, pageSize: 100 } };
    return undefined;
  });
}

async function openDetail(request: RequestDetail, after?: (call: RecordedRequest) => RequestDetail) {
  const api = detailApi(request, after);
  renderApp('/backoffice/procedure/edit/r-1');
  await screen.findByTestId('request-detail');
  return api;
}

describe('request detail, manager side', () => {
  afterEach(resetApp);

  it('offers exactly the decisions the request allows', async () => {
    signInAs('airspaceManager');
    await openDetail(detail());
    const toolbar = screen.getByRole('toolbar', { name: 'Decision' });
    expect(
      within(toolbar)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Accept', 'Accept with restrictions', 'Reject', 'Ask for information']);
    expect(screen.getByTestId('request-reference')).toHaveTextContent('AG-2026-000001');
    expect(screen.getByTestId('request-detail')).toHaveAttribute('data-status', 'submitted');
  });

  it('tells each history step with the status it moved from and to', async () => {
    signInAs('airspaceManager');
    await openDetail(
      detail({
        status: 'rejected',
        allowedActions: ['cancelDecision', 'archive'],
        events: [
          {
            id: 'e-1',
            from: null,
            to: 'submitted',
            action: 'submit',
            actor: null,
            reason: null,
            details: null,
            at: '2026-11-20T10:00:00.000Z',
          },
          {
            id: 'e-2',
            from: 'submitted',
            to: 'acceptedWithRestrictions',
            action: 'acceptWithRestrictions',
            actor: { id: 'u-2', firstName: 'Mia', lastName: 'Manager' },
            reason: null,
            details: null,
            at: '2026-11-20T11:00:00.000Z',
          },
          {
            id: 'e-3',
            from: 'acceptedWithRestrictions',
            to: 'submitted',
            action: 'cancelDecision',
            actor: { id: 'u-2', firstName: 'Mia', lastName: 'Manager' },
            reason: null,
            details: null,
            at: '2026-11-20T12:00:00.000Z',
          },
        ],
      }),
    );
    const entries = screen.getAllByTestId('history-entry');
    expect(entries[0]).not.toHaveTextContent('→');
    // The filing says "Submitted" once: its action, not the status it leads to again.
    expect(entries[0]!.textContent!.match(/Submitted/g)).toHaveLength(1);
    expect(entries[1]).toHaveTextContent('Submitted → Accepted with restrictions');
    expect(entries[2]).toHaveTextContent('Accepted with restrictions → Submitted');
  });

  it('offers only cancelling and archiving once decided', async () => {
    signInAs('airspaceManager');
    await openDetail(detail({ status: 'accepted', allowedActions: ['cancelDecision', 'archive'] }));
    const toolbar = screen.getByRole('toolbar', { name: 'Decision' });
    expect(
      within(toolbar)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Cancel the decision', 'Archive']);
  });

  it('refuses to reject without a reason, then sends the reason', async () => {
    signInAs('airspaceManager');
    const api = await openDetail(detail(), () => detail({ status: 'rejected', rejectionReason: 'Airshow that day', allowedActions: [] }));

    await userEvent.click(screen.getByTestId('action-reject'));
    await userEvent.click(await screen.findByTestId('decision-confirm'));
    expect(await screen.findByText('A reason is required to reject.')).toBeInTheDocument();
    expect(api.to('POST', 'procedures/r-1/actions/reject')).toHaveLength(0);

    await userEvent.type(screen.getByLabelText(/^Reason for the rejection/), '  Airshow that day ');
    await userEvent.click(screen.getByTestId('decision-confirm'));
    await waitFor(() => expect(api.to('POST', 'procedures/r-1/actions/reject')).toHaveLength(1));
    expect(api.to('POST', 'procedures/r-1/actions/reject')[0].body).toEqual({ reason: 'Airshow that day' });
    expect(await screen.findByTestId('decision-saved')).toHaveTextContent('Decision saved.');
    await waitFor(() => expect(screen.queryByTestId('decision-dialog')).not.toBeInTheDocument());
  });

  it('asks for at least one restriction, then posts the typed restrictions with the reduced area drawn', async () => {
    signInAs('airspaceManager');
    const api = await openDetail(detail());

    await userEvent.click(screen.getByTestId('action-acceptWithRestrictions'));
    await userEvent.click(await screen.findByTestId('decision-confirm'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Give at least one restriction.');
    expect(api.to('POST', 'procedures/r-1/actions/acceptWithRestrictions')).toHaveLength(0);

    await userEvent.type(screen.getByTestId('restriction-max-height'), '60');
    expect(screen.getByTestId('restriction-area-state')).toHaveTextContent('No reduced area drawn.');
    await userEvent.click(screen.getByRole('button', { name: 'draw the reduced area' }));
    expect(screen.getByTestId('restriction-area-state')).toHaveTextContent('Reduced area drawn.');
    // jsdom's browser prefers en-US: month first, a 12-hour clock.
    await typeDateTime('Time slot from', '12/01/2026', '0930a');
    await typeDateTime('Time slot until', '12/01/2026', '1030a');
    await userEvent.click(screen.getByLabelText('Call before and after each flight'));
    await userEvent.type(screen.getByLabelText('Number to call'), '+33 1 23 45 67 89');
    await userEvent.click(screen.getByLabelText('An observer is required'));
    await userEvent.type(screen.getByTestId('restriction-text'), 'Stay west of the river');
    await userEvent.type(screen.getByTestId('decision-note'), 'Granted with conditions');
    await userEvent.click(screen.getByTestId('decision-confirm'));

    await waitFor(() => expect(api.to('POST', 'procedures/r-1/actions/acceptWithRestrictions')).toHaveLength(1));
    expect(api.to('POST', 'procedures/r-1/actions/acceptWithRestrictions')[0].body).toEqual({
      restrictions: [
        { kind: 'maxHeight', maxHeightM: 60 },
        { kind: 'reducedArea', area: REDUCED_AREA },
        { kind: 'timeSlot', startAt: new Date(2026, 11, 1, 9, 30).toISOString(), endAt: new Date(2026, 11, 1, 10, 30).toISOString() },
        { kind: 'callBeforeAfter', phone: '+33 1 23 45 67 89' },
        { kind: 'observerRequired' },
        { kind: 'text', text: 'Stay west of the river' },
      ],
      reply: 'Granted with conditions',
    });
  });

  it('refuses a time slot with one end only, or ending before it starts', async () => {
    signInAs('airspaceManager');
    const api = await openDetail(detail());
    await userEvent.click(screen.getByTestId('action-acceptWithRestrictions'));
    await screen.findByTestId('restriction-slot-start');
    await typeDateTime('Time slot from', '12/01/2026', '1030a');
    await userEvent.click(screen.getByTestId('decision-confirm'));
    expect(await screen.findByText('Give both ends of the time slot, or neither.')).toBeInTheDocument();

    await typeDateTime('Time slot until', '12/01/2026', '0930a');
    expect(await screen.findByText('The slot must end after it starts.')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('decision-confirm'));
    expect(api.to('POST', 'procedures/r-1/actions/acceptWithRestrictions')).toHaveLength(0);

    await typeDateTime('Time slot until', '12/01/2026', '1100a');
    expect(screen.queryByText('The slot must end after it starts.')).not.toBeInTheDocument();
    await userEvent.click(screen.getByTestId('decision-confirm'));
    await waitFor(() => expect(api.to('POST', 'procedures/r-1/actions/acceptWithRestrictions')).toHaveLength(1));
    expect(api.to('POST', 'procedures/r-1/actions/acceptWithRestrictions')[0].body).toEqual({
      restrictions: [
        { kind: 'timeSlot', startAt: new Date(2026, 11, 1, 10, 30).toISOString(), endAt: new Date(2026, 11, 1, 11, 0).toISOString() },
      ],
      reply: null,
    });
  });

  it("refuses a height limit not below the mission's height and a slot a year later, then sends them once they fit", async () => {
    signInAs('airspaceManager');
    const api = await openDetail(detail());
    await userEvent.click(screen.getByTestId('action-acceptWithRestrictions'));
    expect(await screen.findByText('The mission flies up to 120 m.')).toBeInTheDocument();
    await userEvent.type(screen.getByTestId('restriction-max-height'), '500');
    await typeDateTime('Time slot from', '12/01/2027', '1000a');
    await typeDateTime('Time slot until', '12/01/2027', '1100a');
    await userEvent.click(screen.getByTestId('decision-confirm'));

    expect(await screen.findByText("The limit must be below the mission's height.")).toBeInTheDocument();
    expect(screen.getByText("The slot must meet the mission's time.")).toBeInTheDocument();
    expect(api.to('POST', 'procedures/r-1/actions/acceptWithRestrictions')).toHaveLength(0);

    await userEvent.clear(screen.getByTestId('restriction-max-height'));
    await userEvent.type(screen.getByTestId('restriction-max-height'), '60');
    await typeDateTime('Time slot from', '12/01/2026', '1000a');
    await typeDateTime('Time slot until', '12/01/2026', '1030a');
    await userEvent.click(screen.getByTestId('decision-confirm'));
    await waitFor(() => expect(api.to('POST', 'procedures/r-1/actions/acceptWithRestrictions')).toHaveLength(1));
    const { restrictions } = api.to('POST', 'procedures/r-1/actions/acceptWithRestrictions')[0].body as {
      restrictions: { kind: string }[];
    };
    expect(restrictions.map((restriction) => restriction.kind)).toEqual(['maxHeight', 'timeSlot']);
  });

  it('accepts with the call-control flag when ticked', async () => {
    signInAs('airspaceManager');
    const api = await openDetail(detail());
    await userEvent.click(screen.getByTestId('action-accept'));
    await userEvent.click(await screen.findByTestId('decision-call-control'));
    await userEvent.click(screen.getByTestId('decision-confirm'));
    await waitFor(() => expect(api.to('POST', 'procedures/r-1/actions/accept')).toHaveLength(1));
    expect(api.to('POST', 'procedures/r-1/actions/accept')[0].body).toEqual({ reply: null, callControl: true });
  });

  it('lists the conflicting missions with their shared heights and time, and warns before accepting', async () => {
    signInAs('airspaceManager');
    const api = await openDetail(detail({ conflicts: [CONFLICT] }));

    const row = within(screen.getByTestId('request-conflicts')).getByTestId('conflict-row');
    expect(row).toHaveAttribute('data-reference', 'AG-2026-000007');
    expect(row).toHaveTextContent('Mast inspection');
    expect(row).toHaveTextContent('20–50 m');
    expect(screen.getByTestId('request-map')).toHaveAttribute('data-conflict-areas', '1');
    await userEvent.click(screen.getByTestId('action-accept'));
    expect(await screen.findByTestId('decision-conflicts')).toHaveTextContent(
      '1 other accepted or pending mission meets this one in area, height and time',
    );
    await userEvent.click(screen.getByTestId('decision-confirm'));
    await waitFor(() => expect(api.to('POST', 'procedures/r-1/actions/accept')).toHaveLength(1));
  });

  it('says when no other mission meets this one', async () => {
    signInAs('airspaceManager');
    await openDetail(detail());

    expect(screen.getByTestId('request-conflicts')).toHaveTextContent(
      'No other accepted or pending mission of this airspace meets this one',
    );
    await userEvent.click(screen.getByTestId('action-accept'));
    await screen.findByTestId('decision-confirm');
    expect(screen.queryByTestId('decision-conflicts')).not.toBeInTheDocument();
  });

  it('cancels a decision only after confirmation', async () => {
    signInAs('airspaceManager');
    const api = await openDetail(detail({ status: 'rejected', allowedActions: ['cancelDecision', 'archive'] }));
    await userEvent.click(screen.getByTestId('action-cancelDecision'));
    expect(await screen.findByText('The decision will be cancelled and the request examined again. Continue?')).toBeInTheDocument();
    expect(api.to('POST', 'procedures/r-1/actions/cancelDecision')).toHaveLength(0);
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel the decision' }));
    await waitFor(() => expect(api.to('POST', 'procedures/r-1/actions/cancelDecision')).toHaveLength(1));
    expect(api.to('POST', 'procedures/r-1/actions/cancelDecision')[0].body).toEqual({});
  });

  it("shows the operator's phone, the call-control flag off, and the note that the airspace has no phone", async () => {
    signInAs('airspaceManager');
    await openDetail(detail());
    expect(screen.getByTestId('operator-phone-info')).toHaveTextContent("Operator's phone: +33 6 12 34 56 78");
    expect(screen.getByTestId('call-control')).toHaveTextContent('Call control: none');
    expect(screen.getByTestId('twr-phone')).toHaveTextContent('This airspace has no phone number.');
    expect(screen.getByTestId('sms-input')).toBe(screen.getByLabelText('SMS to the operator, at +33 6 12 34 56 78'));
    const decision = screen.getByTestId('request-decision');
    expect(decision).toHaveTextContent(`Airspace: ${detail().airspace.name}`);
    // French sets a space before the colon.
    await changeLanguage('fr');
    try {
      await waitFor(() => expect(decision).toHaveTextContent(`Espace aérien : ${detail().airspace.name}`));
      expect(decision).toHaveTextContent(/Déposée : \d{2}\/\d{2}\/\d{4}/);
      expect(screen.getByText(/^Pilote référent : \S/)).toBeInTheDocument();
      expect(screen.getByText(/^Machine principale : \S/)).toBeInTheDocument();
      expect(screen.getByText(/^Exploitant : \S/)).toBeInTheDocument();
    } finally {
      await changeLanguage('en');
    }
  });

  it("shows the airspace's description and both sets of conditions, each under its name", async () => {
    signInAs('airspaceManager');
    const space = {
      ...detail().space,
      description: 'Grass strip beside the A10.',
      generalConditions: 'Call the tower.',
      permanentConditions: 'No flight over the hangars.',
    };
    await openDetail(detail({ space }));

    expect(screen.getByTestId('space-description')).toHaveTextContent('DescriptionGrass strip beside the A10.');
    expect(screen.getByTestId('space-generalConditions')).toHaveTextContent('General conditionsCall the tower.');
    expect(screen.getByTestId('space-permanentConditions')).toHaveTextContent('Permanent conditionsNo flight over the hangars.');
  });

  it('says when the operator gave no phone, and shows the call control required', async () => {
    signInAs('airspaceManager');
    await openDetail(detail({ operatorPhone: null, callControl: true, space: { ...detail().space, twrPhoneNumber: '+33 1 00 00 00 00' } }));
    expect(screen.getByTestId('operator-phone-info')).toHaveTextContent('The operator has not given a phone number.');
    expect(screen.getByTestId('call-control')).toHaveTextContent('Call control: a call is required before and after each flight');
    expect(screen.getByTestId('twr-phone')).toHaveTextContent('Control tower: +33 1 00 00 00 00');
  });

  it('sends a chat message, trimmed, and empties the field', async () => {
    signInAs('airspaceManager');
    const api = await openDetail(detail(), () =>
      detail({
        messages: [
          {
            id: 'msg-1',
            author: { id: 'u-9', firstName: 'Mia', lastName: 'Manager' },
            fromOperator: false,
            body: 'Which bridge?',
            at: '2026-11-21T10:00:00.000Z',
          },
        ],
      }),
    );
    expect(screen.getByText('No message yet.')).toBeInTheDocument();
    expect(screen.getByTestId('chat-send')).toBeDisabled();

    await userEvent.type(screen.getByTestId('chat-input'), '  Which bridge? ');
    await userEvent.click(screen.getByTestId('chat-send'));
    await waitFor(() => expect(api.to('POST', 'procedures/r-1/messages')).toHaveLength(1));
    expect(api.to('POST', 'procedures/r-1/messages')[0].body).toEqual({ body: 'Which bridge?' });
    await waitFor(() => expect(screen.getByTestId('chat-input')).toHaveValue(''));
  });
});

describe('request detail, operator side', () => {
  afterEach(resetApp);

  it('shows no decision button but the restrictions, the decision and the chat', async () => {
    signInAs('operator');
    await openDetail(
      detail({
        viewer: 'operator',
        status: 'acceptedWithRestrictions',
        allowedActions: [],
        decidedAt: '2026-11-21T10:00:00.000Z',
        decidedBy: { id: 'u-9', firstName: 'Mia', lastName: 'Manager' },
        restrictions: [
          { kind: 'maxHeight', maxHeightM: 60 },
          { kind: 'reducedArea', area: REDUCED_AREA },
          { kind: 'observerRequired' },
          { kind: 'callBeforeAfter', phone: '+33 1 23 45 67 89' },
          { kind: 'callBeforeAfter', phone: null },
          { kind: 'text', text: 'Stay west of the river' },
        ],
      }),
    );

    expect(screen.queryByRole('toolbar')).not.toBeInTheDocument();
    expect(screen.queryByTestId('action-accept')).not.toBeInTheDocument();
    expect(screen.queryByTestId('sms-input')).not.toBeInTheDocument();
    const restrictions = within(screen.getByTestId('request-restrictions')).getAllByTestId('restriction');
    expect(restrictions.map((item) => item.textContent)).toEqual([
      'Maximum height 60 m',
      'Flights only in the reduced area (green on the map)',
      'An observer is required',
      'Call +33 1 23 45 67 89 before and after each flight',
      'Call before and after each flight',
      'Stay west of the river',
    ]);
    expect(screen.getByTestId('request-map')).toHaveAttribute('data-reduced-areas', '1');
    expect(screen.getByTestId('request-decision')).toHaveTextContent('Decided by Mia Manager');
    expect(screen.getByTestId('chat-input')).toBeInTheDocument();
    expect(await screen.findByTestId('mission-requests')).toBeInTheDocument();
  });

  it('shows the rejection reason', async () => {
    signInAs('operator');
    await openDetail(detail({ viewer: 'operator', status: 'rejected', allowedActions: [], rejectionReason: 'Airshow that day' }));
    expect(screen.getByTestId('rejection-reason')).toHaveTextContent('Airshow that day');
    expect(screen.getByTestId('request-restrictions')).toHaveTextContent('No restriction.');
  });
});
