import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { notificationsStore } from '@mantine/notifications';
import { getSession } from '@/lib/session';
import { loginResponse, mockApi, renderApp, resetApp, signInWith } from './helpers';

const STRONG_PASSWORD = 'Correct-Horse-42!';

async function fillLogin(email = 'jane.doe@operator.test', password = 'secret-password') {
  await screen.findByRole('heading', { name: 'Sign in' });
  await userEvent.type(screen.getByLabelText(/E-mail/), email);
  await userEvent.type(screen.getByLabelText(/^Password/), password);
}

describe('login screen', () => {
  afterEach(resetApp);

  it("clears the failed attempts' error toasts once the sign-in succeeds", async () => {
    let attempts = 0;
    mockApi((request) => {
      // The dashboard's own calls stay pending: they raise no toast of their own.
      if (request.url !== 'security/login') return request.url === 'status' ? undefined : new Promise<never>(() => undefined);
      attempts += 1;
      return attempts === 1
        ? { status: 401, data: { code: 'INVALID_CREDENTIALS', message: 'Bad credentials' } }
        : { status: 200, data: loginResponse(['PILOT_LIST'], { homepage: 'dashboard' }) };
    });
    renderApp('/login');
    await fillLogin();
    await userEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByTestId('error-toast')).toHaveTextContent('Invalid email or password');

    await userEvent.click(screen.getByTestId('login-submit'));
    await screen.findByTestId('screen-dashboard');
    // Mantine's store is what the toast container shows (jsdom never ends the exit transition of the element).
    await waitFor(() => expect(notificationsStore.getState().notifications).toEqual([]));
  });

  it('asks for the SMS code after DOUBLE_FACTOR_REQUIRED and signs in with it', async () => {
    const api = mockApi((request) => {
      if (request.url !== 'security/login') return undefined;
      const body = request.body as { code?: string };
      return body.code === '123456'
        ? { status: 200, data: loginResponse(['PILOT_LIST'], { homepage: 'dashboard' }) }
        : { status: 401, data: { code: 'DOUBLE_FACTOR_REQUIRED', message: 'Code required' } };
    });
    const { router } = renderApp('/login');
    await fillLogin();
    expect(screen.queryByTestId('login-code')).not.toBeInTheDocument();

    await userEvent.click(screen.getByTestId('login-submit'));

    const codeField = await screen.findByLabelText(/Verification code/);
    expect(screen.getByTestId('double-factor-notice')).toHaveTextContent('A verification code has been sent to your phone by SMS.');
    await waitFor(() => expect(codeField).toHaveFocus());
    await userEvent.type(codeField, '123456');
    await userEvent.click(screen.getByTestId('login-submit'));

    await screen.findByTestId('screen-dashboard');
    expect(router.state.location.pathname).toBe('/backoffice/dashboard');
    expect(api.to('POST', 'security/login').map((request) => request.body)).toEqual([
      { email: 'jane.doe@operator.test', password: 'secret-password' },
      { email: 'jane.doe@operator.test', password: 'secret-password', code: '123456' },
    ]);
    expect(getSession()?.name).toBe('Jane Doe');
  });

  it('rejects a code that is not 6 digits before calling the API', async () => {
    const api = mockApi((request) =>
      request.url === 'security/login' ? { status: 401, data: { code: 'DOUBLE_FACTOR_REQUIRED', message: 'Code required' } } : undefined,
    );
    renderApp('/login');
    await fillLogin();
    await userEvent.click(screen.getByTestId('login-submit'));
    await userEvent.type(await screen.findByLabelText(/Verification code/), '12a');

    await userEvent.click(screen.getByTestId('login-submit'));

    expect(await screen.findByText('The code is made of 6 digits.')).toBeInTheDocument();
    expect(api.to('POST', 'security/login')).toHaveLength(1);
  });

  it('shows the translated required-field message without calling the API', async () => {
    const api = mockApi();
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Sign in' });

    await userEvent.click(screen.getByTestId('login-submit'));

    expect(await screen.findByText('This field must not be empty.')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid e-mail.')).toBeInTheDocument();
    expect(api.to('POST', 'security/login')).toHaveLength(0);
  });

  it('goes to the change-password screen with the e-mail pre-filled after PASSWORD_EXPIRED', async () => {
    mockApi((request) =>
      request.url === 'security/login' ? { status: 403, data: { code: 'PASSWORD_EXPIRED', message: 'Password expired' } } : undefined,
    );
    const { router } = renderApp('/login');
    await fillLogin('old.timer@operator.test');

    await userEvent.click(screen.getByTestId('login-submit'));

    expect(await screen.findByTestId('password-expired')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/change-password');
    expect(screen.getByLabelText(/^E-mail/)).toHaveValue('old.timer@operator.test');
  });

  it('puts the field errors of a VALIDATION_FAILED answer on their fields', async () => {
    mockApi((request) =>
      request.url === 'security/login'
        ? { status: 422, data: { code: 'VALIDATION_FAILED', message: 'Invalid', fields: { password: ['validation:required'] } } }
        : undefined,
    );
    renderApp('/login');
    await fillLogin();

    await userEvent.click(screen.getByTestId('login-submit'));

    expect(await screen.findByText('This field must not be empty.')).toBeInTheDocument();
  });

  it('activates the account from /activate-account/{token}, once, then shows the success message', async () => {
    const api = mockApi((request) => (request.url === 'security/activate' ? { status: 200, data: { message: 'Activated' } } : undefined));

    renderApp('/activate-account/tok-123');

    expect(await screen.findByTestId('activation-success')).toHaveTextContent('Your account is activated. You can now sign in.');
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(api.to('POST', 'security/activate').map((request) => request.body)).toEqual([{ token: 'tok-123' }]);
  });
});

describe('sign-up, password and e-mail screens', () => {
  afterEach(resetApp);

  it('shows the password rules live and requires the legal notice', async () => {
    const api = mockApi((request) => (request.url === 'security/signup' ? { status: 201, data: { message: 'ok' } } : undefined));
    renderApp('/signup');
    await screen.findByRole('heading', { name: 'Create an account' });

    await userEvent.type(screen.getByLabelText(/^New password/), 'abc');
    expect(screen.getByTestId('password-rule-lowercase')).toHaveAttribute('data-met', 'true');
    expect(screen.getByTestId('password-rule-tooShort')).toHaveAttribute('data-met', 'false');

    await userEvent.type(screen.getByLabelText(/^First name/), 'Jane');
    await userEvent.type(screen.getByLabelText(/^Last name/), 'Doe');
    await userEvent.type(screen.getByLabelText(/^E-mail/), 'jane@operator.test');
    await userEvent.type(screen.getByLabelText(/^Confirm the e-mail/), 'jane@operator.test');
    await userEvent.clear(screen.getByLabelText(/^New password/));
    await userEvent.type(screen.getByLabelText(/^New password/), STRONG_PASSWORD);
    await userEvent.type(screen.getByLabelText(/^Confirm the password/), STRONG_PASSWORD);
    expect(screen.getByTestId('password-rule-tooShort')).toHaveAttribute('data-met', 'true');
    await userEvent.click(screen.getByTestId('signup-submit'));

    expect(await screen.findByText('You must accept the legal notice.')).toBeInTheDocument();
    expect(api.to('POST', 'security/signup')).toHaveLength(0);

    await userEvent.click(screen.getByLabelText(/legal notice/));
    await userEvent.click(screen.getByTestId('signup-submit'));

    expect(await screen.findByTestId('signup-success')).toBeInTheDocument();
    expect(api.to('POST', 'security/signup')[0]?.body).toMatchObject({
      firstName: 'Jane',
      lastName: 'Doe',
      email: 'jane@operator.test',
      legalNotice: true,
      lang: 'en',
    });
  });

  it('puts EMAIL_NOT_AVAILABLE on the e-mail field of the sign-up form', async () => {
    mockApi((request) =>
      request.url === 'security/signup' ? { status: 409, data: { code: 'EMAIL_NOT_AVAILABLE', message: 'taken' } } : undefined,
    );
    renderApp('/signup');
    await screen.findByRole('heading', { name: 'Create an account' });
    await userEvent.type(screen.getByLabelText(/^First name/), 'Jane');
    await userEvent.type(screen.getByLabelText(/^Last name/), 'Doe');
    await userEvent.type(screen.getByLabelText(/^E-mail/), 'jane@operator.test');
    await userEvent.type(screen.getByLabelText(/^Confirm the e-mail/), 'jane@operator.test');
    await userEvent.type(screen.getByLabelText(/^New password/), STRONG_PASSWORD);
    await userEvent.type(screen.getByLabelText(/^Confirm the password/), STRONG_PASSWORD);
    await userEvent.click(screen.getByLabelText(/legal notice/));

    await userEvent.click(screen.getByTestId('signup-submit'));

    expect(await screen.findAllByText('This e-mail is not available.')).not.toHaveLength(0);
    expect(screen.getByLabelText(/^E-mail/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('resets the password from /reset-password/{token} and returns to the login screen', async () => {
    const api = mockApi((request) => (request.url === 'security/reset-password' ? { status: 200, data: { message: 'ok' } } : undefined));
    const { router } = renderApp('/reset-password/reset-tok');
    await screen.findByRole('heading', { name: 'Choose a new password' });

    await userEvent.type(screen.getByLabelText(/^New password/), STRONG_PASSWORD);
    await userEvent.type(screen.getByLabelText(/^Confirm the password/), STRONG_PASSWORD);
    await userEvent.click(screen.getByRole('button', { name: 'Save the new password' }));

    expect(await screen.findByTestId('login-notice')).toHaveTextContent('Your new password is set.');
    expect(router.state.location.pathname).toBe('/login');
    expect(api.to('POST', 'security/reset-password')[0]?.body).toEqual({
      token: 'reset-tok',
      password: STRONG_PASSWORD,
      passwordConfirmation: STRONG_PASSWORD,
    });
  });

  it('says which rule the server refused on the reset screen, and does not tick the identity rule it cannot check', async () => {
    mockApi((request) =>
      request.url === 'security/reset-password'
        ? {
            status: 422,
            data: { code: 'PASSWORD_POLICY', message: 'policy', fields: { password: ['validation:password.containsIdentity'] } },
          }
        : undefined,
    );
    renderApp('/reset-password/reset-tok');
    await screen.findByRole('heading', { name: 'Choose a new password' });
    await userEvent.type(screen.getByLabelText(/^New password/), 'Jane-Doe-2026!x');
    expect(screen.getByTestId('password-rule-digit')).toHaveAttribute('data-met', 'true');
    expect(screen.getByTestId('password-rule-containsIdentity')).toHaveAttribute('data-met', 'false');

    await userEvent.type(screen.getByLabelText(/^Confirm the password/), 'Jane-Doe-2026!x');
    await userEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(
      await screen.findByText('The password must not contain your e-mail, first name or last name.', {
        selector: '.mantine-InputWrapper-error, .mantine-InputWrapper-error *',
      }),
    ).toBeInTheDocument();
  });

  it('ticks the identity rule on the change-password screen from the signed-in name', async () => {
    signInWith(['PILOT_LIST'], { name: 'Jane Doe', email: 'jane.doe@operator.test' });
    mockApi();
    renderApp('/change-password');
    await screen.findByRole('heading', { name: /password/i });
    await userEvent.type(screen.getByLabelText(/^New password/), 'Doe-Family-2026!');
    expect(screen.getByTestId('password-rule-containsIdentity')).toHaveAttribute('data-met', 'false');
    await userEvent.clear(screen.getByLabelText(/^New password/));
    await userEvent.type(screen.getByLabelText(/^New password/), 'Kite-Meadow-2026!');
    expect(screen.getByTestId('password-rule-containsIdentity')).toHaveAttribute('data-met', 'true');
  });

  it('refuses mismatching passwords on the reset screen', async () => {
    const api = mockApi();
    renderApp('/reset-password/reset-tok');
    await screen.findByRole('heading', { name: 'Choose a new password' });

    await userEvent.type(screen.getByLabelText(/^New password/), STRONG_PASSWORD);
    await userEvent.type(screen.getByLabelText(/^Confirm the password/), `${STRONG_PASSWORD}x`);
    await userEvent.click(screen.getByRole('button', { name: 'Save the new password' }));

    expect(await screen.findByText('The passwords do not match.')).toBeInTheDocument();
    expect(api.to('POST', 'security/reset-password')).toHaveLength(0);
  });

  it('asks for a reset link from the forgotten-password screen', async () => {
    const api = mockApi((request) =>
      request.url === 'security/forgotten-password' ? { status: 202, data: { message: 'ok' } } : undefined,
    );
    renderApp('/forgotten-password');
    await screen.findByRole('heading', { name: 'Forgotten password' });

    await userEvent.type(screen.getByLabelText(/^E-mail/), 'Jane@Operator.test');
    await userEvent.click(screen.getByRole('button', { name: 'Send the link' }));

    expect(await screen.findByTestId('forgotten-password-success')).toBeInTheDocument();
    expect(api.to('POST', 'security/forgotten-password')[0]?.body).toEqual({ email: 'jane@operator.test' });
  });

  it('confirms a new e-mail from /activate-new-email/{token}', async () => {
    const api = mockApi((request) =>
      request.url === 'security/activate-new-email' ? { status: 200, data: { message: 'ok' } } : undefined,
    );

    renderApp('/activate-new-email/mail-tok');

    expect(await screen.findByTestId('new-email-success')).toBeInTheDocument();
    expect(api.to('POST', 'security/activate-new-email').map((request) => request.body)).toEqual([{ token: 'mail-tok' }]);
  });
});
