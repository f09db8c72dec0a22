import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { adminKeys, listReports, type ReportStatusFilter } from '../api/admin-api';
import { ReportGroupCard } from './report-group-card';
import { ViewState } from './view-state';

const FILTERS: Record<ReportStatusFilter, string> = {
  open: 'Open reports',
  closed: 'Closed reports',
  all: 'All reports',
};

/** Reported files, grouped per file: open ones first, the one waiting longest first. */
export function ReportsView({ onDone }: { onDone: (message: string) => void }) {
  const id = useId();
  const [status, setStatus] = useState<ReportStatusFilter>('open');
  const reports = useQuery({
    queryKey: adminKeys.reports(status),
    queryFn: ({ signal }) => listReports(status, signal),
  });
  return (
    <section className="sd-admin-view" aria-labelledby={`${id}-title`}>
      <div className="sd-admin-view__header">
        <h2 id={`${id}-title`}>Reports</h2>
        <div className="sd-form__field sd-admin-form__field--inline">
          <label htmlFor={`${id}-status`}>Show</label>
          <select
            id={`${id}-status`}
            value={status}
            onChange={(event) => setStatus(event.target.value as ReportStatusFilter)}
          >
            {Object.entries(FILTERS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <ViewState query={reports}>
        {(groups) =>
          groups.length === 0 ? (
            <p className="sd-admin-empty">
              {status === 'open'
                ? 'No open reports. Nothing is waiting for a moderator.'
                : 'No reports.'}
            </p>
          ) : (
            <div className="sd-admin-list">
              {groups.map((group) => (
                <ReportGroupCard key={group.fileId} group={group} onDone={onDone} />
              ))}
            </div>
          )
        }
      </ViewState>
    </section>
  );
}
