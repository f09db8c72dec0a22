import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BenefitTiles } from './benefit-tiles';

function tiles() {
  return within(screen.getByRole('list', { name: 'Why Sealdrop' }));
}

describe('BenefitTiles', () => {
  it('promises guests and free accounts 5GB with no login', () => {
    render(<BenefitTiles maxLabel="5GB" retention="24 hours" />);
    expect(tiles().getByRole('heading', { name: 'Up to 5GB, no login' })).toBeInTheDocument();
    expect(
      tiles().getByText('Upload files up to 5GB without creating an account.'),
    ).toBeInTheDocument();
    expect(tiles().getAllByRole('listitem')).toHaveLength(4);
  });

  it('tells a premium user their own limits: 100GB kept 30 days, not a guest offer', () => {
    render(<BenefitTiles maxLabel="100GB" retention="30 days" isPremium />);
    const list = screen.getByRole('list', { name: 'Why Sealdrop' });
    expect(tiles().getByRole('heading', { name: 'Up to 100GB with Premium' })).toBeInTheDocument();
    expect(
      tiles().getByText('Upload files up to 100GB, kept for up to 30 days.'),
    ).toBeInTheDocument();
    expect(list).not.toHaveTextContent(/no login|without creating an account|5GB|24 hours/);
    expect(tiles().getAllByRole('listitem')).toHaveLength(4);
  });
});
