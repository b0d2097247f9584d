import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, newOperator, signIn } from './support';

const FIXTURES = path.resolve('e2e/fixtures');
// The message of validation:remoteId.dji in either interface language.
const DJI_MESSAGE = /A DJI remote identification number is 1581E|Un numéro d’identification à distance DJI/;
const MISSION = {
  title: 'Agreement e2e survey',
  areas: {
    type: 'MultiPolygon',
    coordinates: [
      [
        [
          [2.15, 48.7],
          [2.155, 48.7],
          [2.155, 48.705],
          [2.15, 48.705],
          [2.15, 48.7],
        ],
      ],
    ],
  },
};

/** The bearer token of the page's session: missions are created through the API (the mission editor is another screen's work). */
async function sessionToken(page: Page) {
  return page.evaluate(() => window.localStorage.getItem('token'));
}

/** Posts the mission with the operator's first pilot and machine, if it has any yet (spec domain §5). */
async function postMission(page: Page) {
  const headers = { authorization: `Bearer ${await sessionToken(page)}` };
  const choices = await page.request.get('/api/preflights/choices', { headers });
  const { pilots = [], machines = [] } = choices.ok()
    ? ((await choices.json()) as { pilots?: { id: string }[]; machines?: { id: string }[] })
    : {};
  const crew = { referentPilotId: pilots[0]?.id ?? null, mainMachineId: machines[0]?.id ?? null };
  return page.request.post('/api/preflights', { data: { ...MISSION, ...crew }, headers });
}

test('the operator completes its agreement file, the administrator validates it, and the operator can then create missions', async ({
  page,
  browser,
  request,
}) => {
  // The demo operator's agreement is already validated (README): a new operator starts from an empty file.
  const operator = await newOperator(request, Date.now().toString(36));
  await signIn(page, operator.email, { password: operator.password, to: null });

  // Before any agreement, missions are refused.
  const refused = await postMission(page);
  expect(refused.status()).toBe(403);
  expect((await refused.json()).code).toBe('AGREEMENT_STATUS_FORBIDS');

  // The address completes the company information.
  await page.goto('/backoffice/account');
  const account = page.getByTestId('account-form');
  await account.locator('input[name="addressLine1"]').fill('12 avenue de l’Europe');
  await account.locator('input[name="postalCode"]').fill('91190');
  await account.locator('input[name="city"]').fill('Gif-sur-Yvette');
  await page.getByTestId('account-save').click();
  await expect(page.getByTestId('account-saved')).toBeVisible();

  // Operator documents, as real files; a text file named .pdf is refused by content.
  await page.goto('/backoffice/myagreement');
  await expect(page.getByTestId('agreement-checklist')).toHaveAttribute('data-complete', 'false');
  await page.getByTestId('attachment-input-insuranceCertificate').setInputFiles(path.join(FIXTURES, 'not-a-pdf.pdf'));
  await expect(page.getByTestId('error-toast')).toContainText(/Invalid file type|Type de fichier invalide/);
  await expect(page.getByTestId('attachments-insuranceCertificate').getByTestId('attachment-row')).toHaveCount(0);
  await page.getByTestId('attachment-input-operationsManual').setInputFiles(path.join(FIXTURES, 'operations-manual.pdf'));
  await expect(page.getByTestId('attachments-operationsManual')).toContainText('operations-manual.pdf');
  await page.getByTestId('attachment-input-idDocument').setInputFiles(path.join(FIXTURES, 'id-document.png'));
  await expect(page.getByTestId('attachments-idDocument')).toContainText('id-document.png');
  await page.getByTestId('attachment-input-insuranceCertificate').setInputFiles(path.join(FIXTURES, 'insurance-certificate.pdf'));
  await expect(page.getByTestId('attachments-insuranceCertificate')).toContainText('insurance-certificate.pdf');
  for (const item of ['operationsManual', 'idDocument', 'insuranceCertificate', 'companyName', 'phone', 'address']) {
    await expect(page.getByTestId(`checklist-${item}`)).toHaveAttribute('data-done', 'true');
  }

  // The uploaded file opens in the reader.
  await page.getByTestId('attachments-idDocument').getByRole('link', { name: 'id-document.png' }).click();
  await expect(page).toHaveURL(/\/attachements\/read\/user\//);
  await expect(page.getByTestId('attachment-name')).toHaveText('id-document.png');
  await expect(page.getByTestId('attachment-viewer').locator('img')).toBeVisible();

  // A DJI machine: the remote-ID typo is refused with the translated message, the right number is accepted.
  await page.goto('/backoffice/dronemodels/add');
  const modelForm = page.getByTestId('drone-model-form');
  await modelForm.locator('input[name="brand"]').fill('DJI');
  await modelForm.locator('input[name="name"]').fill('Agreement Mavic 3');
  await page.getByTestId('drone-model-save').click();
  await expect(page).toHaveURL(/\/backoffice\/dronemodels$/);

  await page.goto('/backoffice/machines/add');
  const machineForm = page.getByTestId('machine-form');
  await machineForm.locator('input[name="internalName"]').fill('Agreement survey drone');
  await machineForm.locator('input[name="serialNumber"]').fill('SN-AGREEMENT-1');
  await machineForm.locator('select[name="droneModelId"]').selectOption({ label: 'DJI Agreement Mavic 3' });
  await machineForm.locator('input[name="remoteIdentificationNumber"]').fill('1581E1234');
  await page.getByTestId('machine-save').click();
  await expect(machineForm.getByText(DJI_MESSAGE)).toBeVisible();
  await expect(page).toHaveURL(/\/backoffice\/machines\/add$/);
  await machineForm.locator('input[name="remoteIdentificationNumber"]').fill('1581E12345678901234');
  await page.getByTestId('machine-save').click();
  await expect(page).toHaveURL(/\/backoffice\/machines$/);

  // A pilot with an ID document and a licence.
  await page.goto('/backoffice/pilots/add');
  const pilotForm = page.getByTestId('pilot-form');
  await pilotForm.locator('input[name="firstName"]').fill('Jeanne');
  await pilotForm.locator('input[name="lastName"]').fill('Agreement-Durand');
  await pilotForm.locator('input[name="email"]').fill('jeanne.agreement@operator.test');
  const documents = page.getByTestId('pilot-documents');
  await documents.getByRole('button', { name: /Add a document|Ajouter un document/ }).click();
  await documents.getByRole('button', { name: /Add a document|Ajouter un document/ }).click();
  await pilotForm.locator('select[name="documents.0.skillType"]').selectOption('idDocument');
  await pilotForm.locator('input[name="documents.0.reference"]').fill('ID-FR-123456');
  await pilotForm.locator('select[name="documents.1.skillType"]').selectOption('licence');
  await pilotForm.locator('input[name="documents.1.reference"]').fill('FRA-RP-000042');
  await page.getByTestId('pilot-save').click();
  await expect(page).toHaveURL(/\/backoffice\/pilots$/);

  // The checklist is complete: the operator asks for validation.
  await page.goto('/backoffice/myagreement');
  await expect(page.getByTestId('agreement-checklist')).toHaveAttribute('data-complete', 'true');
  await page.getByTestId('agreement-request').click();
  await expect(page.getByTestId('agreement-status')).toHaveAttribute('data-status', 'toBeValidated');

  // The administrator, in a second browser context, finds the documents in the validation queue and validates the agreement.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, DEMO.admin, { to: '/backoffice/validateattachements' });
  const row = admin
    .getByTestId('attachment-queue-row')
    .filter({ hasText: 'insurance-certificate.pdf' })
    .filter({ hasText: operator.email });
  await expect(row).toContainText(operator.email);
  await row.getByTestId('attachment-validate').click();
  await expect(admin.getByTestId('attachment-validated')).toBeVisible();
  await admin
    .getByTestId('attachment-queue-row')
    .filter({ hasText: 'operations-manual.pdf' })
    .filter({ hasText: operator.email })
    .getByRole('link', { name: /Agreement|Agrément/ })
    .click();
  await expect(admin).toHaveURL(/\/backoffice\/myagreement\?userId=/);
  await expect(admin.getByTestId('agreement-checklist')).toHaveAttribute('data-complete', 'true');
  await expect(admin.getByTestId('agreement-status')).toHaveAttribute('data-status', 'toBeValidated');
  await admin.getByTestId('agreement-validate').click();
  await expect(admin.getByTestId('agreement-expires-at')).not.toHaveValue('');
  await admin.getByTestId('agreement-validate-confirm').click();
  await expect(admin.getByTestId('agreement-status')).toHaveAttribute('data-status', 'validated');
  await adminContext.close();

  // The operator sees the validated agreement and may now create missions.
  await page.reload();
  await expect(page.getByTestId('agreement-status')).toHaveAttribute('data-status', 'validated');
  await expect(page.getByTestId('agreement-expiry')).toBeVisible();
  const created = await postMission(page);
  expect(created.status()).toBe(201);
});
