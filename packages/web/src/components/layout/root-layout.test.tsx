import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Modal } from '../ui/modal';
import type { RootLayoutProps } from './layout.types';
import { RootLayout } from './root-layout';

/** Stand-ins for what src/app plugs in: the layout only decides when they show. */
const SLOTS: RootLayoutProps = {
  walletSlot: <button type="button">Connect Wallet</button>,
  renderAuthDialog: ({ mode, onModeChange, onClose }) => (
    <Modal
      open={mode !== null}
      onClose={onClose}
      title={mode === 'login' ? 'Welcome back' : 'Create your account'}
    >
      <button type="button" onClick={() => onModeChange(mode === 'login' ? 'register' : 'login')}>
        {mode === 'login' ? 'Create an account instead' : 'I already have an account'}
      </button>
    </Modal>
  ),
  renderFeedbackDialog: ({ open, onClose }) => (
    <Modal open={open} onClose={onClose} title="Share your feedback">
      <p>Feedback form</p>
    </Modal>
  ),
};

const ACCOUNT = {
  email: 'ada@example.com',
  onLogout: () => {},
  menuLinks: [
    { to: '/account/files', label: 'My files' },
    { to: '/account/settings', label: 'Settings' },
  ],
};

function renderLayout(path: string, props: Partial<RootLayoutProps> = {}) {
  const router = createMemoryRouter(
    [
      {
        element: <RootLayout {...SLOTS} {...props} />,
        children: [
          { path: '/', element: <main>Home content</main> },
          { path: '/mission', element: <main>Mission content</main> },
          { path: '/about', element: <main>About content</main> },
          { path: '/account/files', element: <main>Files content</main> },
          { path: '/account/settings', element: <main>Settings content</main> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

function scrollWindowTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true, writable: true });
  act(() => {
    fireEvent.scroll(window);
  });
}

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});

afterEach(() => {
  scrollWindowTo(0);
});

describe('RootLayout top bar', () => {
  it('shows the brand, the tagline and the Home, Mission and About links', () => {
    renderLayout('/about');
    const main = screen.getByRole('navigation', { name: 'Main' });
    expect(within(main).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(main).getByRole('link', { name: 'Mission' })).toHaveAttribute('href', '/mission');
    expect(within(main).getByRole('link', { name: 'About' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(main).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
    expect(screen.getByText('Powered by the token')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sealdrop home' })).toHaveAttribute('href', '/');
  });

  it('offers the wallet control and the Log In / Sign Up buttons to a guest', () => {
    renderLayout('/');
    expect(screen.getByRole('button', { name: 'Connect Wallet' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Log In' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeInTheDocument();
  });

  it('is scrolled at once on a page that opens scrolled down (a reload keeps its place)', async () => {
    Object.defineProperty(window, 'scrollY', { value: 400, configurable: true, writable: true });
    try {
      renderLayout('/');
      await waitFor(() => expect(screen.getByRole('banner')).toHaveClass('scrolled'));
    } finally {
      Object.defineProperty(window, 'scrollY', { value: 0, configurable: true, writable: true });
    }
  });

  it('reads the scroll position once the bar is on the page, never while it is being put in', () => {
    // Reading scrollY while elements are being added makes the browser lay the page out there and
    // then, before it is complete (a phone's first visit spent tens of milliseconds on it).
    const barInPageAtRead: boolean[] = [];
    Object.defineProperty(window, 'scrollY', {
      configurable: true,
      get: () => {
        barInPageAtRead.push(document.querySelector('header.sd-topbar') !== null);
        return 0;
      },
    });
    try {
      renderLayout('/');
      expect(barInPageAtRead.length).toBeGreaterThan(0);
      expect(barInPageAtRead.every(Boolean)).toBe(true);
    } finally {
      Object.defineProperty(window, 'scrollY', { value: 0, configurable: true, writable: true });
    }
  });

  it('becomes scrolled only past 50 px of scrolling', () => {
    renderLayout('/');
    const bar = screen.getByRole('banner');
    expect(bar).not.toHaveClass('scrolled');
    scrollWindowTo(50);
    expect(bar).not.toHaveClass('scrolled');
    scrollWindowTo(51);
    expect(bar).toHaveClass('scrolled');
    scrollWindowTo(10);
    expect(bar).not.toHaveClass('scrolled');
  });

  it('opens the login and sign-up dialogs, and switches between them', async () => {
    renderLayout('/');
    await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect(screen.getByRole('dialog', { name: 'Welcome back' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create an account instead' }));
    expect(screen.getByRole('dialog', { name: 'Create your account' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows a signed-in account as an avatar letter opening a menu, which logs out only from "Log out"', async () => {
    const onLogout = vi.fn();
    renderLayout('/', { account: { ...ACCOUNT, onLogout } });
    expect(screen.queryByRole('button', { name: 'Log In' })).not.toBeInTheDocument();
    const avatar = screen.getByRole('button', { name: 'Account menu for ada@example.com' });
    expect(avatar).toHaveTextContent('A');
    expect(avatar).toHaveAttribute('aria-haspopup', 'menu');
    expect(avatar).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(avatar);
    expect(onLogout).not.toHaveBeenCalled();
    const menu = screen.getByRole('menu', { name: 'Account' });
    expect(avatar).toHaveAttribute('aria-expanded', 'true');
    expect(avatar).toHaveAttribute('aria-controls', menu.id);
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['My files', 'Settings', 'Log out']);
    expect(within(menu).getByRole('menuitem', { name: 'My files' })).toHaveFocus();
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Log out' }));
    expect(onLogout).toHaveBeenCalledOnce();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('works the avatar menu by keyboard: arrows move, Escape closes and gives focus back', async () => {
    const onLogout = vi.fn();
    renderLayout('/', { account: { ...ACCOUNT, onLogout } });
    const avatar = screen.getByRole('button', { name: 'Account menu for ada@example.com' });
    avatar.focus();
    await userEvent.keyboard('{ArrowDown}');
    const menu = screen.getByRole('menu', { name: 'Account' });
    const item = (name: string) => within(menu).getByRole('menuitem', { name });
    expect(item('My files')).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(item('Settings')).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(item('Log out')).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(item('My files')).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    expect(item('Log out')).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(avatar).toHaveFocus();
    expect(avatar).toHaveAttribute('aria-expanded', 'false');
    // Enter opens it again; a menu item follows its link and closes the menu.
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByText('Settings content')).toBeInTheDocument();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(onLogout).not.toHaveBeenCalled();
  });

  it('closes the avatar menu on a click elsewhere', async () => {
    renderLayout('/', { account: ACCOUNT });
    await userEvent.click(screen.getByRole('button', { name: 'Account menu for ada@example.com' }));
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await userEvent.click(screen.getByText('Home content'));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('scrolls to the top when moving to another page', async () => {
    renderLayout('/mission');
    await userEvent.click(screen.getByRole('link', { name: 'About' }));
    expect(screen.getByText('About content')).toBeInTheDocument();
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
  });
});

describe('RootLayout mobile menu', () => {
  it('opens from the hamburger with the same links and closes again', async () => {
    renderLayout('/mission');
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    const menu = screen.getByRole('dialog', { name: 'Menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    for (const name of ['Home', 'Mission', 'About']) {
      expect(within(menu).getByRole('link', { name })).toBeInTheDocument();
    }
    await userEvent.click(within(menu).getByRole('button', { name: 'Close menu' }));
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
    expect(toggle).toHaveFocus();
  });

  it('closes when a link is followed', async () => {
    renderLayout('/mission');
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('dialog', { name: 'Menu' });
    await userEvent.click(within(menu).getByRole('link', { name: 'About' }));
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
    expect(screen.getByText('About content')).toBeInTheDocument();
  });

  it('shows the email and a Logout button when signed in', async () => {
    const onLogout = vi.fn();
    renderLayout('/about', { account: { email: 'ada@example.com', onLogout } });
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('dialog', { name: 'Menu' });
    expect(within(menu).getByText('ada@example.com')).toBeInTheDocument();
    await userEvent.click(within(menu).getByRole('button', { name: 'Logout' }));
    expect(onLogout).toHaveBeenCalledOnce();
  });

  it("offers the avatar menu's account pages, Settings too, on a phone", async () => {
    renderLayout('/about', { account: ACCOUNT });
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('dialog', { name: 'Menu' });
    const account = within(menu).getByRole('navigation', { name: 'Account' });
    expect(
      within(account)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['My files', 'Settings']);
    await userEvent.click(within(account).getByRole('link', { name: 'Settings' }));
    expect(screen.getByText('Settings content')).toBeInTheDocument();
  });
});

describe('RootLayout feedback button', () => {
  it('is absent on the home page', () => {
    renderLayout('/');
    expect(screen.queryByRole('button', { name: 'Send feedback' })).not.toBeInTheDocument();
  });

  it.each(['/mission', '/about'])('is shown on %s and opens the feedback dialog', async (path) => {
    renderLayout(path);
    const button = screen.getByRole('button', { name: 'Send feedback' });
    expect(button).toHaveTextContent('Feedback');
    await userEvent.click(button);
    expect(screen.getByRole('dialog', { name: 'Share your feedback' })).toBeInTheDocument();
  });

  it('is docked just before the footer, so it stops above the footer instead of covering it', () => {
    renderLayout('/about');
    const dock = screen.getByRole('button', { name: 'Send feedback' }).parentElement!;
    expect(dock).toHaveClass('sd-feedback-dock');
    expect(dock.nextElementSibling).toBe(screen.getByRole('contentinfo'));
  });

  it('uses the dialog the feedback feature provides', async () => {
    renderLayout('/about', {
      renderFeedbackDialog: ({ open }) => (open ? <p>Custom feedback form</p> : null),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(screen.getByText('Custom feedback form')).toBeInTheDocument();
  });
});

describe('RootLayout footer', () => {
  it('states both retentions as an upper bound, so it is true for premium readers and short links too', () => {
    renderLayout('/about');
    expect(screen.getByRole('contentinfo')).toHaveTextContent(
      'Files are encrypted in your browser before upload and deleted when their link expires, within 24 hours (30 days on Premium). No trackers, no ads.',
    );
    expect(screen.getByRole('contentinfo')).not.toHaveTextContent('after 24 hours');
  });
});
