import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { serverMessageOf } from '../../../lib/server-message';
import { useBalanceHistory } from '../api/balance-history';
import { ErrorNotice } from './error-notice';

/** Fixed product text, word for word. */
export const BALANCE_HISTORY_FAILED = 'Failed to fetch balance history';

const amountFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 6 });

function signed(amount: number) {
  return `${amount > 0 ? '+' : ''}${amountFormat.format(amount)}`;
}

/** Ledger reasons are codes ("upload_reward"); show them as words. */
function describe(reason: string) {
  const words = reason.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The balance as the session knows it, refreshed by the history call, and the entries. */
export function BalancePanel({ userId, balance }: { userId: string; balance: number }) {
  const query = useBalanceHistory(userId);
  const current = query.data?.balance ?? balance;
  return (
    <div className="sd-balance">
      <Card className="sd-balance__total" variant="accent">
        <p className="sd-balance__label">Current balance</p>
        <p className="sd-balance__value" data-testid="balance-value">
          {amountFormat.format(current)}
        </p>
      </Card>
      <section aria-labelledby="balance-history-title">
        <h2 id="balance-history-title">History</h2>
        {query.isPending ? <Spinner size="md" label="Loading balance history" /> : null}
        {query.isError ? (
          <ErrorNotice message={BALANCE_HISTORY_FAILED} detail={serverMessageOf(query.error)} />
        ) : null}
        {query.data && query.data.entries.length === 0 ? (
          <p>No balance changes yet. Uploads and downloads of your files earn rewards.</p>
        ) : null}
        {query.data?.entries.length ? (
          <ul className="sd-balance__entries">
            {query.data.entries.map((entry) => (
              <li key={entry.id} className="sd-balance__entry">
                <span className="sd-balance__reason">{describe(entry.reason)}</span>
                <time dateTime={entry.createdAt}>{new Date(entry.createdAt).toLocaleString()}</time>
                <span
                  className={
                    entry.amount < 0 ? 'sd-balance__amount negative' : 'sd-balance__amount'
                  }
                >
                  {signed(entry.amount)}
                </span>
              </li>
            ))}
          </ul>
        ) : null}
      </section>
    </div>
  );
}
