import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { allowOperatorMissions, DEMO, registerPilotAndMachine, signIn, tokenOf } from './support';

/** A receiver on this host (the e2e servers allow local webhook endpoints), recording the verified events. */
async function localReceiver() {
  const received: { headers: Record<string, string>; body: string }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers as Record<string, string>, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, received, close: () => server.close() };
}

test('an operator registers a webhook and an API credential, and sees the signed delivery of his decided request', async ({
  page,
  request,
}) => {
  const receiver = await localReceiver();
  const tag = `wh${Date.now().toString(36)}`;
  await allowOperatorMissions(request);
  await registerPilotAndMachine(request, tag);
  await signIn(page, DEMO.operator, { lang: 'en', to: '/backoffice/account' });

  const webhooks = page.getByTestId('webhooks');
  await webhooks.getByLabel('Endpoint URL (https)').fill(receiver.url);
  await webhooks.getByRole('combobox', { name: 'Events' }).focus();
  await page.keyboard.press('ArrowDown');
  await page.getByRole('option', { name: 'Request decided' }).click();
  await page.keyboard.press('Escape');
  await webhooks.getByRole('button', { name: 'Add the endpoint' }).click();
  const secret = (await webhooks.getByTestId('secret-value').textContent())!;
  expect(secret).toMatch(/^whsec_/);
  await expect(webhooks.getByTestId('webhook-row')).toContainText(receiver.url);

  const credentials = page.getByTestId('api-credentials');
  await credentials.getByLabel('Name').fill(`Ground station ${tag}`);
  await credentials.getByRole('button', { name: 'Create a credential' }).click();
  const credential = (await credentials.getByTestId('secret-value').textContent())!;
  expect(credential).toMatch(/^agk_/);
  await expect(credentials.getByTestId('credential-row')).toContainText(`Ground station ${tag}`);

  // His software reads with the credential; a mission of his in the demo airspace is filed and the manager accepts it.
  const operator = { authorization: `Bearer ${credential}` };
  const [pilots, machines] = await Promise.all([
    request.get(`/api/pilots?search=${tag}`, { headers: operator }).then((answer) => answer.json()),
    request.get(`/api/machines?search=${tag}`, { headers: operator }).then((answer) => answer.json()),
  ]);
  const session = { authorization: `Bearer ${await tokenOf(request, DEMO.operator)}` };
  const start = new Date(Date.now() + 12 * 86_400_000);
  const [lon, lat] = [2.15, 48.71];
  const mission = await request.post('/api/preflights', {
    headers: session,
    data: {
      title: `Webhook survey ${tag}`,
      referentPilotId: pilots.items[0].id,
      mainMachineId: machines.items[0].id,
      // Above the demo manager's automatic rule (up to 50 m): the manager decides by hand.
      maxHeightM: 100,
      areas: {
        type: 'MultiPolygon',
        coordinates: [
          [
            [
              [lon, lat],
              [lon + 0.004, lat],
              [lon + 0.004, lat + 0.004],
              [lon, lat + 0.004],
              [lon, lat],
            ],
          ],
        ],
      },
      startAt: start.toISOString(),
      endAt: new Date(start.getTime() + 3_600_000).toISOString(),
    },
  });
  expect(mission.status(), await mission.text()).toBe(201);
  const missionId = ((await mission.json()) as { id: string }).id;
  const airspaces = (await (await request.get(`/api/procedures/airspaces?missionId=${missionId}`, { headers: session })).json()) as {
    id: string;
    internalCode: string;
  }[];
  const airspaceId = airspaces.find((airspace) => airspace.internalCode === 'LFPS-DEMO')!.id;
  const filed = await request.post('/api/procedures', { headers: session, data: { missionId, airspaceId, conditionsAccepted: true } });
  expect(filed.status(), await filed.text()).toBe(201);
  const { id: requestId, status } = (await filed.json()) as { id: string; status: string };
  // A rule of the manager's (another spec of the run may add one) may have decided it already.
  if (status === 'submitted') {
    const manager = { authorization: `Bearer ${await tokenOf(request, DEMO.manager)}` };
    const accepted = await request.post(`/api/procedures/${requestId}/actions/accept`, { headers: manager, data: {} });
    expect(accepted.ok(), await accepted.text()).toBe(true);
  }

  await page.reload();
  const delivery = page.getByTestId('delivery-row').filter({ hasText: 'Request decided' }).first();
  await expect(delivery.getByTestId('delivery-status')).toHaveText('Delivered', { timeout: 20_000 });
  const [message] = receiver.received;
  expect(new Webhook(secret).verify(message!.body, message!.headers)).toMatchObject({
    type: 'request.decided',
    data: { requestId },
  });
  receiver.close();
});
