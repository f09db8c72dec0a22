import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PremiumCard } from './premium-card';

describe('PremiumCard', () => {
  it('lists the four Pro features, each with a Pro badge', () => {
    render(<PremiumCard />);
    const card = screen.getByRole('region', { name: 'Premium' });
    const items = within(card).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Priority uploadsPro',
      '100GB filesPro',
      '30-day storagePro',
      'Enhanced securityPro',
    ]);
    expect(within(card).getByText('Hold 10K+ token to go Pro')).toBeInTheDocument();
  });

  it('tells a premium user every feature is active', () => {
    render(<PremiumCard isPremium />);
    const card = screen.getByRole('region', { name: 'Premium' });
    expect(within(card).getByText('All features active!')).toBeInTheDocument();
    expect(within(card).queryByText('Hold 10K+ token to go Pro')).not.toBeInTheDocument();
  });
});
