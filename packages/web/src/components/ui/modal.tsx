import { type ReactNode, type RefObject, useId, useLayoutEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { focusableIn, trapTab } from './focus-trap';
import { CloseIcon } from './icons';
import './modal.css';

/**
 * Modal dialog (role="dialog", aria-modal, labelled by `title`): traps Tab, closes on Escape, on the
 * close button and on a backdrop click, and returns focus to where it was when it closes (or, when
 * what had focus is gone, to what took its place).
 * `open`, `onClose`, `title` are required; `description` (aria-describedby), `footer` (action row),
 * `size` (sm | md | lg), `placement` (center | side — a slide-in panel from the right),
 * `initialFocusRef` (what gets focus first; default: first field/button of the body).
 */
export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  placement?: 'center' | 'side';
  initialFocusRef?: RefObject<HTMLElement | null>;
  closeLabel?: string;
  className?: string;
}

/** Open dialogs, innermost last: only the top one reacts to keys. */
const openStack: string[] = [];

export function Modal(props: ModalProps) {
  if (!props.open || typeof document === 'undefined') return null;
  return createPortal(<ModalPanel {...props} />, document.body);
}

function ModalPanel({
  onClose,
  title,
  description,
  children,
  footer,
  size = 'md',
  placement = 'center',
  initialFocusRef,
  closeLabel = 'Close',
  className,
}: ModalProps) {
  const id = useId();
  const titleId = `${id}-title`;
  const descriptionId = `${id}-description`;
  const panelRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  // The key listener lives as long as the dialog; it reads the latest onClose through this ref.
  const onCloseRef = useRef(onClose);
  useLayoutEffect(() => {
    onCloseRef.current = onClose;
  });

  // Before the first paint, so the dialog never shows with focus still behind it (a passive
  // effect runs a frame later on Preact).
  useLayoutEffect(() => {
    const panel = panelRef.current;
    if (!panel) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // What Tab reached before, so that if the dialog's work replaces its opener (Log In becomes
    // the account menu), focus goes to the replacement rather than falling to the page's body.
    const focusableBefore = new Set(focusableIn(document.body));
    const openerAncestors: HTMLElement[] = [];
    for (let el = previous?.parentElement; el && el !== document.body; el = el.parentElement) {
      openerAncestors.push(el);
    }
    openStack.push(id);
    const target =
      initialFocusRef?.current ??
      (bodyRef.current ? focusableIn(bodyRef.current)[0] : undefined) ??
      focusableIn(panel)[0] ??
      panel;
    target.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (openStack[openStack.length - 1] !== id) return;
      if (event.key === 'Escape') {
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      trapTab(event, panel);
    };
    document.addEventListener('keydown', onKeyDown);
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';

    return () => {
      document.removeEventListener('keydown', onKeyDown);
      openStack.splice(openStack.lastIndexOf(id), 1);
      if (openStack.length === 0) document.body.style.overflow = overflow;
      if (previous?.isConnected) {
        previous.focus();
        return;
      }
      const place = openerAncestors.find((el) => el.isConnected);
      if (!place) return;
      // Only what is drawn takes focus (a control hidden at this width would drop it to the body).
      const there = focusableIn(place).filter((el) => el.getClientRects().length > 0);
      (there.find((el) => !focusableBefore.has(el)) ?? there[0])?.focus();
    };
  }, [id, initialFocusRef]);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a backdrop click is a pointer shortcut; keyboards have Escape and the close button
    <div
      className={`sd-modal sd-modal--${placement}`}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className={['sd-modal__panel', `sd-modal__panel--${size}`, className]
          .filter(Boolean)
          .join(' ')}
      >
        <div className="sd-modal__header">
          <h2 id={titleId} className="sd-modal__title">
            {title}
          </h2>
          <button
            type="button"
            className="sd-modal__close"
            aria-label={closeLabel}
            onClick={onClose}
          >
            <CloseIcon />
          </button>
        </div>
        {description ? (
          <p id={descriptionId} className="sd-modal__description">
            {description}
          </p>
        ) : null}
        <div ref={bodyRef} className="sd-modal__body">
          {children}
        </div>
        {footer ? <div className="sd-modal__footer">{footer}</div> : null}
      </div>
    </div>
  );
}
