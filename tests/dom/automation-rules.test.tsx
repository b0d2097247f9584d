import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AutomationRuleForm } from '@/features/automation-rules/components/automation-rule-form';
import { emptyRuleForm } from '@/features/automation-rules/lib/rule-form';
import type { DryRunResult } from '@/shared/contracts/automation-rules';
import { LocalizedDates } from '@/app/layouts/localized-dates';
import { changeLanguage, i18n, initI18n, loadNamespaces } from '@/lib/i18n';
import { mockApi, renderApp, resetApp, signInAs } from './helpers';

const AIRSPACE = '7d0b3c2e-1f54-4a63-9d55-2f6b8c1e0a11';

function renderForm(onDryRun = vi.fn<() => Promise<DryRunResult>>()) {
  const onSave = vi.fn();
  render(
    <MantineProvider>
      <I18nextProvider i18n={i18n}>
        <LocalizedDates>
          <AutomationRuleForm initial={emptyRuleForm(AIRSPACE)} saving={false} onSave={onSave} onDryRun={onDryRun} onCancel={vi.fn()} />
        </LocalizedDates>
      </I18nextProvider>
    </MantineProvider>,
  );
  return { onSave, onDryRun };
}

describe('automation rule form', () => {
  beforeAll(async () => {
    await initI18n('en');
    await loadNamespaces('automationRules', 'dates');
  });
  afterEach(() => changeLanguage('en'));

  it('says how a matching request is answered as the mode and restrictions change, and drops restrictions for a denying rule', async () => {
    const user = userEvent.setup();
    const { onSave } = renderForm();
    await user.type(screen.getByLabelText(/^Title/), 'Weekday mornings');
    expect(screen.getByTestId('rule-answer')).toHaveTextContent('accepted automatically.');

    await user.click(screen.getByLabelText('Observer required'));
    expect(screen.getByTestId('rule-answer')).toHaveTextContent('accepted automatically with restrictions');

    await user.click(screen.getByText('Deny automatically'));
    expect(screen.getByTestId('rule-answer')).toHaveTextContent('rejected automatically');
    expect(screen.queryByTestId('rule-restrictions')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ mode: 'denyAuto', restrictions: [], range: null }));
  });

  it('sends only the range fields filled in, with the weekdays ticked, and shows the dry run answer', async () => {
    const user = userEvent.setup();
    const onDryRun = vi.fn<() => Promise<DryRunResult>>().mockResolvedValue({
      tried: 2,
      answered: 1,
      byStatus: { autoAccepted: 1, autoAcceptedWithRestrictions: 0, autoRejected: 0 },
      items: [
        {
          requestId: 'r1',
          referenceNumber: 'AG-2026-000001',
          missionTitle: 'Survey',
          submittedAt: '2026-06-10T08:00:00.000Z',
          startAt: '2026-07-01T08:00:00.000Z',
          status: 'submitted',
          impactLevel: 'low',
          wouldAnswer: 'autoAccepted',
          reason: null,
          precededBy: null,
        },
        {
          requestId: 'r2',
          referenceNumber: 'AG-2026-000002',
          missionTitle: 'Weekend',
          submittedAt: '2026-06-10T08:00:00.000Z',
          startAt: '2026-07-04T08:00:00.000Z',
          status: 'submitted',
          impactLevel: 'low',
          wouldAnswer: null,
          reason: 'weekdays',
          precededBy: null,
        },
      ],
    });
    renderForm(onDryRun);
    await user.type(screen.getByLabelText(/^Title/), 'Weekdays');
    await user.click(screen.getByText('Mon'));
    await user.click(screen.getByText('Wed'));
    // jsdom's browser prefers en-US: a 12-hour clock, hours, minutes, then AM or PM.
    await user.type(screen.getByLabelText('From'), '0800a');

    await user.click(screen.getByRole('button', { name: 'Try on past requests' }));

    expect(onDryRun).toHaveBeenCalledWith(
      expect.objectContaining({
        range: { fromDate: null, toDate: null, weekdays: [1, 3], fromTime: '08:00', toTime: null, maxHeightM: null, maxDurationMin: null },
      }),
    );
    expect(await screen.findByText('This rule would have answered 1 of the last 2 requests.')).toBeInTheDocument();
    expect(screen.getByText('Outside the weekdays')).toBeInTheDocument();
  });

  it('[fr] shows the days as 27/11/2026 and the times on a 24-hour clock, and sends them in ISO form', async () => {
    await changeLanguage('fr');
    const user = userEvent.setup();
    const onDryRun = vi.fn<() => Promise<DryRunResult>>().mockResolvedValue({
      tried: 0,
      answered: 0,
      byStatus: { autoAccepted: 0, autoAcceptedWithRestrictions: 0, autoRejected: 0 },
      items: [],
    });
    renderForm(onDryRun);
    await user.type(screen.getByLabelText(/^Titre/), 'Fin novembre');
    const fromDate = screen.getByLabelText('Du');
    await user.type(fromDate, '27/11/2026');
    await user.type(screen.getByLabelText('De'), '1430');
    expect(screen.queryByLabelText('Matin ou après-midi')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Essayer sur les demandes passées' }));

    expect(fromDate).toHaveValue('27/11/2026');
    expect(onDryRun).toHaveBeenCalledWith(
      expect.objectContaining({
        range: expect.objectContaining({ fromDate: '2026-11-27', toDate: null, fromTime: '14:30', toTime: null }),
      }),
    );
  });
});

describe('automation rules screen', () => {
  afterEach(resetApp);

  const NORTH = { id: AIRSPACE, name: 'North airfield', internalCode: 'LFNA', geometry: null };
  const SOUTH = { id: '7d0b3c2e-1f54-4a63-9d55-2f6b8c1e0a12', name: 'South heliport', internalCode: 'LFSH', geometry: null };

  function serve() {
    return mockApi((request) => {
      if (request.url === 'managed-airspaces') return { status: 200, data: [NORTH, SOUTH] };
      if (request.url === 'automation-rules') return { status: 200, data: { items: [], total: 0, page: 1, pageSize: 20 } };
      return undefined;
    });
  }

  it('opens on the airspace, search and page its address names', async () => {
    signInAs('airspaceManager');
    const api = serve();
    renderApp(`/backoffice/procedureautomations?airspaceId=${SOUTH.id}&search=night&page=2`);

    expect(await screen.findByLabelText('Search by title')).toHaveValue('night');
    expect(screen.getByDisplayValue('South heliport (LFSH)')).toBeInTheDocument();
    expect(api.to('GET', 'automation-rules')[0]?.params).toMatchObject({ airspaceId: SOUTH.id, search: 'night', page: 2 });
  });

  it('tries an edited rule as the rule it edits, so that its saved version does not answer first', async () => {
    signInAs('airspaceManager');
    const rule = {
      id: '5b1f0c2e-3a54-4a63-9d55-2f6b8c1e0a31',
      airspaceId: NORTH.id,
      airspaceName: NORTH.name,
      title: 'Low impact',
      mode: 'acceptAuto',
      range: null,
      impactLevels: ['low'],
      customReply: null,
      restrictions: [],
      enabled: true,
      priority: 0,
      version: 1,
      createdAt: '2026-06-01T08:00:00.000Z',
      updatedAt: '2026-06-01T08:00:00.000Z',
    };
    const api = mockApi((request) => {
      if (request.url === 'managed-airspaces') return { status: 200, data: [NORTH] };
      if (request.url === 'automation-rules') return { status: 200, data: { items: [rule], total: 1, page: 1, pageSize: 20 } };
      if (request.url === 'automation-rules/dry-run')
        return {
          status: 200,
          data: { tried: 0, answered: 0, byStatus: { autoAccepted: 0, autoAcceptedWithRestrictions: 0, autoRejected: 0 }, items: [] },
        };
      return undefined;
    });
    renderApp('/backoffice/procedureautomations');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Try on past requests' }));

    expect(await screen.findByText('This rule would have answered 0 of the last 0 requests.')).toBeInTheDocument();
    expect(api.to('POST', 'automation-rules/dry-run')[0]?.body).toMatchObject({
      ruleId: rule.id,
      title: 'Low impact',
      airspaceId: NORTH.id,
    });
  });

  it('shows the first managed airspace when the address names none of them', async () => {
    signInAs('airspaceManager');
    const api = serve();
    renderApp('/backoffice/procedureautomations?airspaceId=elsewhere');

    expect(await screen.findByDisplayValue('North airfield (LFNA)')).toBeInTheDocument();
    expect(api.to('GET', 'automation-rules')[0]?.params).toMatchObject({ airspaceId: NORTH.id, page: 1 });
  });
});
