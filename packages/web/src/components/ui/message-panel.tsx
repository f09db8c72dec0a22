import type { ReactNode } from 'react';
import './message-panel.css';

/**
 * MessagePanel: a centred card for one-message pages (404, redirects, errors).
 * `icon` (an icon element or Spinner), `tone` (neutral | success | error) colours the icon,
 * `title` is rendered as the page's <h1> (omit it for a plain message), `children` below it.
 */
export interface MessagePanelProps {
  icon?: ReactNode;
  tone?: 'neutral' | 'success' | 'error';
  title?: ReactNode;
  children?: ReactNode;
}

export function MessagePanel({ icon, tone = 'neutral', title, children }: MessagePanelProps) {
  return (
    <div className={`sd-message-panel sd-message-panel--${tone}`}>
      {icon ? <div className="sd-message-panel__icon">{icon}</div> : null}
      {title ? <h1 className="sd-message-panel__title">{title}</h1> : null}
      <div className="sd-message-panel__body">{children}</div>
    </div>
  );
}
