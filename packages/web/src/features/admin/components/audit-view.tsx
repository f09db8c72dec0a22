import type { AuditEntry } from '@sealdrop/core/api-admin-schemas';
import { REPORT_REASONS, type ReportReason } from '@sealdrop/core/moderation';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { REPORT_REASON_LABELS } from '../../../lib/reports';
import { adminKeys, listAudit } from '../api/admin-api';
import { formatWhen } from '../lib/admin-format';
import { AUDIT_ACTION_LABELS } from './admin-texts';
import { ViewState } from './view-state';

const isReportReason = (value: string): value is ReportReason =>
  (REPORT_REASONS as readonly string[]).includes(value);

/** A removal's reason as the report dialog words it; other reasons (the scanner's) as they are. */
function reasonLabel(reason: string | null): string {
  if (!reason) return '';
  return isReportReason(reason) ? REPORT_REASON_LABELS[reason] : reason;
}

/**
 * Every moderation action, newest first: who, when, what, on which file, account or address, and
 * why. Read-only: nothing here (nor anywhere in the API) changes an entry. The table scrolls
 * inside its own box on a narrow screen, never the page.
 */
export function AuditView() {
  const id = useId();
  const audit = useInfiniteQuery({
    queryKey: adminKeys.audit,
    queryFn: ({ pageParam, signal }) => listAudit(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
  });
  return (
    <section className="sd-admin-view" aria-labelledby={`${id}-title`}>
      <div className="sd-admin-view__header">
        <h2 id={`${id}-title`}>Audit log</h2>
      </div>
      <ViewState query={audit}>
        {(data) => {
          const entries = data.pages.flatMap((page) => page.entries);
          if (entries.length === 0) {
            return <p className="sd-admin-empty">No moderation action yet.</p>;
          }
          return (
            <>
              <section
                className="sd-admin-table__scroll"
                aria-label="Audit log entries"
                // A box that scrolls sideways (on a phone) must be reachable by keyboard to be scrolled.
                // biome-ignore lint/a11y/noNoninteractiveTabindex: see above
                tabIndex={0}
              >
                <table className="sd-admin-table">
                  <thead>
                    <tr>
                      <th scope="col">When</th>
                      <th scope="col">Who</th>
                      <th scope="col">What</th>
                      <th scope="col">File</th>
                      <th scope="col">Account</th>
                      <th scope="col">Address hash</th>
                      <th scope="col">Why</th>
                    </tr>
                  </thead>
                  <tbody>
                    {entries.map((entry) => (
                      <AuditRow key={entry.id} entry={entry} />
                    ))}
                  </tbody>
                </table>
              </section>
              {audit.hasNextPage ? (
                <Button
                  variant="secondary"
                  loading={audit.isFetchingNextPage}
                  onClick={() => void audit.fetchNextPage()}
                >
                  Load older entries
                </Button>
              ) : null}
            </>
          );
        }}
      </ViewState>
    </section>
  );
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const why = [reasonLabel(entry.reason), entry.note].filter(Boolean).join(': ');
  return (
    <tr>
      <td>
        <time dateTime={entry.at}>{formatWhen(entry.at)}</time>
      </td>
      <td>{entry.actor.label}</td>
      <td>
        {AUDIT_ACTION_LABELS[entry.action]}
        {entry.until ? ` until ${formatWhen(entry.until)}` : ''}
      </td>
      <td className="sd-admin-table__code">{entry.fileId ?? ''}</td>
      <td className="sd-admin-table__code">{entry.accountId ?? ''}</td>
      <td className="sd-admin-table__code">{entry.addressHash ?? ''}</td>
      <td className="sd-admin-table__why">{why}</td>
    </tr>
  );
}
