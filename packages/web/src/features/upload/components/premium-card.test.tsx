import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PremiumCard } from './premium-card';

describe('PremiumCard', () => {
  it('lists only the Pro features that exist, each with a Pro badge', () => {
    render(<PremiumCard />);
    const card = screen.getByRole('region', { name: 'Premium' });
    const items = within(card).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Priority uploadsPro',
      '100GB filesPro',
      '30-day storagePro',
    ]);
    expect(within(card).getByText('Hold 10K+ token to go Pro')).toBeInTheDocument();
  });

  it('does not promise "Enhanced security" before the download passphrase exists', () => {
    render(<PremiumCard isPremium />);
    const card = screen.getByRole('region', { name: 'Premium' });
    expect(within(card).queryByText('Enhanced security')).not.toBeInTheDocument();
    expect(within(card).getByText('All features active!')).toBeInTheDocument();
  });
});
