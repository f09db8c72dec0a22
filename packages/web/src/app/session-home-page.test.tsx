import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '../testing/mock-api';
import { renderWithSession, testUser } from '../testing/render-with-session';
import { SessionHomePage } from './session-home-page';

describe('SessionHomePage', () => {
  it('shows "All features active!" and the 100GB limit to a premium user', async () => {
    localStorage.setItem('authToken', 'tok');
    mockApi({ 'GET /auth/me': ok({ user: testUser({ isPremium: true }) }) });
    renderWithSession(<SessionHomePage />);
    expect(await screen.findByText('All features active!')).toBeInTheDocument();
    expect(screen.getAllByText(/100GB/).length).toBeGreaterThan(0);
  });

  it('asks everyone else to hold 10K+ tokens and keeps the 5GB limit', () => {
    mockApi({});
    renderWithSession(<SessionHomePage />);
    expect(screen.getByText('Hold 10K+ token to go Pro')).toBeInTheDocument();
    expect(screen.queryByText('All features active!')).not.toBeInTheDocument();
  });
});
