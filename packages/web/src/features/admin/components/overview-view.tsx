import { formatSize } from '@sealdrop/core/format-size';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { adminKeys, getOverview } from '../api/admin-api';
import { ViewState } from './view-state';

/** The instance at a glance: storage, live files, the last 24 hours, reports and blocks. */
export function OverviewView() {
  const id = useId();
  const overview = useQuery({
    queryKey: adminKeys.overview,
    queryFn: ({ signal }) => getOverview(signal),
  });
  return (
    <section className="sd-admin-view" aria-labelledby={`${id}-title`}>
      <div className="sd-admin-view__header">
        <h2 id={`${id}-title`}>Overview</h2>
      </div>
      <ViewState query={overview}>
        {(o) => (
          <dl className="sd-admin-figures">
            <Figure
              label="Storage used"
              value={
                o.storageMaxBytes === null
                  ? `${formatSize(o.storageUsedBytes)} (no cap)`
                  : `${formatSize(o.storageUsedBytes)} of ${formatSize(o.storageMaxBytes)}`
              }
            />
            <Figure label="Live files" value={String(o.liveFiles)} />
            <Figure label="Uploads in the last 24 hours" value={String(o.last24h.uploads)} />
            <Figure
              label="Bytes uploaded in the last 24 hours"
              value={formatSize(o.last24h.bytes)}
            />
            <Figure
              label="Open reports"
              value={`${o.openReports} on ${o.openReportedFiles} ${o.openReportedFiles === 1 ? 'file' : 'files'}`}
            />
            <Figure label="Blocked addresses" value={String(o.blockedAddresses)} />
            <Figure label="Suspended accounts" value={String(o.suspendedAccounts)} />
          </dl>
        )}
      </ViewState>
    </section>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="sd-admin-figure">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
