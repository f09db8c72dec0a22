import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { adminKeys, liftAddressBlock, liftSuspension, listBlocks } from '../api/admin-api';
import { useAdminAction } from '../hooks/use-admin-action';
import { formatWhen } from '../lib/admin-format';
import { ViewState } from './view-state';

/**
 * Who may not upload or sign in now: blocked addresses (by hash, until when) and suspended
 * accounts, each with the way to lift it. Lifting is written to the audit log like every action.
 */
export function BlocksView({ onDone }: { onDone: (message: string) => void }) {
  const id = useId();
  const blocks = useQuery({
    queryKey: adminKeys.blocks,
    queryFn: ({ signal }) => listBlocks(signal),
  });
  return (
    <section className="sd-admin-view" aria-labelledby={`${id}-title`}>
      <div className="sd-admin-view__header">
        <h2 id={`${id}-title`}>Blocks</h2>
      </div>
      <ViewState query={blocks}>
        {({ addresses, accounts }) => (
          <>
            <h3>Blocked addresses</h3>
            {addresses.length === 0 ? (
              <p className="sd-admin-empty">No address is blocked.</p>
            ) : (
              <ul className="sd-admin-list sd-admin-blocks">
                {addresses.map((block) => (
                  <li key={block.addressHash} className="sd-admin-block">
                    <code className="sd-admin-block__what">{block.addressHash}</code>
                    <span className="sd-admin-muted">until {formatWhen(block.until)}</span>
                    <LiftButton
                      label={`Lift block of address ${block.addressHash}`}
                      lift={() => liftAddressBlock(block.addressHash)}
                      onDone={() => onDone(`The block of address ${block.addressHash} was lifted.`)}
                    />
                  </li>
                ))}
              </ul>
            )}
            <h3>Suspended accounts</h3>
            {accounts.length === 0 ? (
              <p className="sd-admin-empty">No account is suspended.</p>
            ) : (
              <ul className="sd-admin-list sd-admin-blocks">
                {accounts.map((account) => (
                  <li key={account.accountId} className="sd-admin-block">
                    <span className="sd-admin-block__what">{account.email}</span>
                    <span className="sd-admin-muted">since {formatWhen(account.suspendedAt)}</span>
                    <LiftButton
                      label={`Lift suspension of ${account.email}`}
                      lift={() => liftSuspension(account.accountId)}
                      onDone={() => onDone(`The suspension of ${account.email} was lifted.`)}
                    />
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </ViewState>
    </section>
  );
}

function LiftButton({
  label,
  lift,
  onDone,
}: {
  label: string;
  lift: () => Promise<unknown>;
  onDone: () => void;
}) {
  const action = useAdminAction(lift, onDone);
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        aria-label={label}
        disabled={action.pending}
        onClick={() => action.run(undefined)}
      >
        Lift
      </Button>
      {action.error ? (
        <p role="alert" className="sd-form__failure">
          {action.error}
        </p>
      ) : null}
    </>
  );
}
