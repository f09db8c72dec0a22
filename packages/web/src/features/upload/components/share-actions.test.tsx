import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ShareActions } from './share-actions';

const LINK = 'http://localhost:8080/s/abc123#key=secret-key&iv=secret-iv';
const WHATSAPP = `https://wa.me/?text=${encodeURIComponent(LINK)}`;

/** fireEvent.click answers false when a handler held the navigation back. */
const followed = (name: string) => fireEvent.click(screen.getByRole('link', { name }));

describe('sharing to WhatsApp and Telegram', () => {
  it('says first that the key goes to the service, and shares only after Continue, once per browser', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    render(<ShareActions url={LINK} copyConfirmMs={2000} />);

    expect(followed('WhatsApp')).toBe(false);
    const dialog = screen.getByRole('dialog', { name: 'Share with WhatsApp?' });
    expect(dialog).toHaveAccessibleDescription(
      'This sends the full link, including its key, to WhatsApp.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(open).not.toHaveBeenCalled();

    expect(followed('WhatsApp')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(open).toHaveBeenCalledWith(WHATSAPP, '_blank', 'noopener,noreferrer');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    // Known now in this browser: the link opens as a plain link.
    expect(followed('WhatsApp')).toBe(true);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks for each service on its own, and never for Email', () => {
    localStorage.setItem('sealdrop.thirdPartyShare.WhatsApp', 'yes');
    render(<ShareActions url={LINK} copyConfirmMs={2000} />);
    expect(followed('Telegram')).toBe(false);
    expect(
      screen.getByRole('dialog', { name: 'Share with Telegram?' }),
    ).toHaveAccessibleDescription('This sends the full link, including its key, to Telegram.');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(followed('Email')).toBe(true);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
