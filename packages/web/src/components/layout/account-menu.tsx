import { type KeyboardEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { LayoutAccount } from './layout.types';

type Focus = 'first' | 'last';

function menuItems(menu: HTMLElement | null): HTMLElement[] {
  return [...(menu?.querySelectorAll<HTMLElement>('[role=menuitem]') ?? [])];
}

/**
 * The avatar as a menu button: a click (or Enter, Space, ArrowDown) opens a small menu of the
 * account's pages and "Log out", instead of signing out at once. Arrow keys, Home and End move
 * through the items; Escape closes it and gives focus back to the avatar; Tab or a click
 * elsewhere closes it.
 */
export function AccountMenu({ account }: { account: LayoutAccount }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const focusOnOpen = useRef<Focus | null>(null);
  const letter = account.email.trim().charAt(0).toUpperCase() || '?';
  const links = account.menuLinks ?? account.links ?? [];

  const focusAt = (index: number) => {
    const list = menuItems(menuRef.current);
    list[(index + list.length) % list.length]?.focus();
  };

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  const openMenu = (focus: Focus) => {
    focusOnOpen.current = focus;
    setOpen(true);
  };

  // The items exist once the menu has rendered: focus goes to them then.
  useEffect(() => {
    if (!open || !focusOnOpen.current) return;
    const list = menuItems(menuRef.current);
    (focusOnOpen.current === 'first' ? list[0] : list.at(-1))?.focus();
    focusOnOpen.current = null;
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) close(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open, close]);

  const onButtonKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openMenu(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  };

  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = menuItems(menuRef.current);
    const at = list.indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, () => void> = {
      ArrowDown: () => focusAt(at + 1),
      ArrowUp: () => focusAt(at - 1),
      Home: () => focusAt(0),
      End: () => focusAt(list.length - 1),
      Escape: () => close(true),
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      // Escape here must not also close a dialog underneath.
      event.stopPropagation();
      move();
    } else if (event.key === 'Tab') {
      close(false);
    }
  };

  return (
    <div className="sd-account-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="sd-avatar"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={`Account menu for ${account.email}`}
        title={`Signed in as ${account.email}`}
        onClick={() => (open ? close(false) : openMenu('first'))}
        onKeyDown={onButtonKey}
      >
        {letter}
      </button>
      {open ? (
        <div className="sd-account-menu__panel">
          <p className="sd-account-menu__email">{account.email}</p>
          <div
            ref={menuRef}
            id={menuId}
            role="menu"
            aria-label="Account"
            className="sd-account-menu__list"
            onKeyDown={onMenuKey}
          >
            {links.map((link) => (
              <Link
                key={link.to}
                to={link.to}
                role="menuitem"
                tabIndex={-1}
                className="sd-account-menu__item"
                onClick={() => close(false)}
              >
                {link.label}
              </Link>
            ))}
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              className="sd-account-menu__item"
              onClick={() => {
                close(false);
                account.onLogout();
              }}
            >
              Log out
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
