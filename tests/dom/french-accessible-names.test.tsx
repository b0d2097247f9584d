import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { mockApi, renderApp, resetApp } from './helpers';

describe('accessible names in French', () => {
  afterEach(resetApp);

  it("names the password field's show/hide button in French on the login page", async () => {
    mockApi();
    await changeLanguage('fr');

    renderApp('/login');
    await screen.findByRole('heading', { name: 'Connexion' });

    expect(screen.getByRole('button', { name: 'Afficher ou masquer le mot de passe' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Toggle password visibility' })).not.toBeInTheDocument();
  });
});
