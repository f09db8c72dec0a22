import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AboutPage } from './about-page';
import { MissionPage } from './mission-page';

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/mission', element: <MissionPage /> },
      { path: '/about', element: <AboutPage /> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
}

describe('MissionPage', () => {
  it('shows the three stats and a call to action back to the upload page', () => {
    renderAt('/mission');
    for (const text of [
      '100K+',
      'files secured',
      '24/7',
      'privacy protection',
      '0',
      'data tracking',
    ]) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: /upload your first file/i })).toHaveAttribute(
      'href',
      '/',
    );
  });
});

describe('what the server sees, on /mission', () => {
  it('says an encrypted upload shows the server neither its name nor its type, a plain one does', () => {
    renderAt('/mission');
    const card = screen.getByRole('heading', { name: 'Honest about the limits' }).closest('li');
    expect(card).toHaveTextContent(
      "With encryption on, our server sees neither the file's name nor its type, only its size and expiry. Without encryption it sees the name and type too.",
    );
    expect(screen.getByRole('main')).not.toHaveTextContent('Our server sees the file name');
  });
});

describe('AboutPage', () => {
  it('describes the security architecture and links to / and /mission', () => {
    renderAt('/about');
    expect(screen.getByRole('heading', { name: 'Our story' })).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'AES-256-GCM in your browser' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /link fragment/i })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Deleted when it expires' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'No tracking or ads' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /try it now/i })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Read our mission' })).toHaveAttribute(
      'href',
      '/mission',
    );
  });
});

describe('retention on the static pages', () => {
  it('never tells a premium reader that every file goes after 24 hours', () => {
    renderAt('/about');
    const page = screen.getByRole('main');
    expect(
      screen.getByText(
        /it disappears when its link expires, within 24 hours \(30 days on Premium\)\.$/,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /24 hours/ })).not.toBeInTheDocument();
    expect(page).not.toHaveTextContent('only for a day');
  });
});
