import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
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
            <BlockList
              title="Blocked addresses"
              empty="No address is blocked."
              blocks={addresses.map((block) => ({
                key: block.addressHash,
                what: <code className="sd-admin-block__what">{block.addressHash}</code>,
                when: `until ${formatWhen(block.until)}`,
                liftLabel: `Lift block of address ${block.addressHash}`,
                lift: () => liftAddressBlock(block.addressHash),
                lifted: `The block of address ${block.addressHash} was lifted.`,
              }))}
              onDone={onDone}
            />
            <BlockList
              title="Suspended accounts"
              empty="No account is suspended."
              blocks={accounts.map((account) => ({
                key: account.accountId,
                what: <span className="sd-admin-block__what">{account.email}</span>,
                when: `since ${formatWhen(account.suspendedAt)}`,
                liftLabel: `Lift suspension of ${account.email}`,
                lift: () => liftSuspension(account.accountId),
                lifted: `The suspension of ${account.email} was lifted.`,
              }))}
              onDone={onDone}
            />
          </>
        )}
      </ViewState>
    </section>
  );
}

interface Block {
  key: string;
  what: ReactNode;
  when: string;
  liftLabel: string;
  lift: () => Promise<unknown>;
  /** The console's status line once it is lifted. */
  lifted: string;
}

/** One kind of block under its heading, each with its Lift button; a sentence when there is none. */
function BlockList({
  title,
  empty,
  blocks,
  onDone,
}: {
  title: string;
  empty: string;
  blocks: Block[];
  onDone: (message: string) => void;
}) {
  return (
    <>
      <h3>{title}</h3>
      {blocks.length === 0 ? (
        <p className="sd-admin-empty">{empty}</p>
      ) : (
        <ul className="sd-admin-list sd-admin-blocks">
          {blocks.map((block) => (
            <li key={block.key} className="sd-admin-block">
              {block.what}
              <span className="sd-admin-muted">{block.when}</span>
              <LiftButton
                label={block.liftLabel}
                lift={block.lift}
                onDone={() => onDone(block.lifted)}
              />
            </li>
          ))}
        </ul>
      )}
    </>
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
