import type { ReactNode } from 'react';
import { AlertIcon } from '../../../components/ui/icons';

/** The fixed error text, with the server's own message under it when there is one. */
export function ErrorNotice({
  message,
  detail,
  children,
}: {
  message: string;
  detail?: string | null;
  children?: ReactNode;
}) {
  return (
    <div className="sd-account-error" role="alert">
      <AlertIcon size={20} />
      <div>
        <p className="sd-account-error__message">{message}</p>
        {detail && detail !== message ? <p className="sd-account-error__detail">{detail}</p> : null}
        {children}
      </div>
    </div>
  );
}
