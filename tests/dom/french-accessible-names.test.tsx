import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { theme } from '@/app/theme';
import { ZonesList } from '@/features/missions/editor/zones-list';
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

  it('announces a loading indicator as a status named in French, not a label on a bare span', async () => {
    await changeLanguage('fr');

    render(
      <MantineProvider theme={theme}>
        <ZonesList zones={undefined} loading failed={false} hasArea heightM={50} />
      </MantineProvider>,
    );

    const status = screen.getByRole('status', { name: 'Recherche des zones' });
    expect(status.tagName).toBe('SPAN');
  });
});
