import type { AdminReportGroup } from '@sealdrop/core/api-admin-schemas';
import { REPORT_REASONS, type ReportReason } from '@sealdrop/core/moderation';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { REPORT_REASON_LABELS } from '../../../lib/reports';
import { formatAge, formatWhen, secondsSince } from '../lib/admin-format';
import { FileActions } from './file-actions';
import { FileFacts } from './file-facts';

/** The reason most reports gave: what "Remove file" suggests first. */
export function leadingReason(group: AdminReportGroup): ReportReason {
  return REPORT_REASONS.reduce((best, reason) =>
    (group.reasons[reason] ?? 0) > (group.reasons[best] ?? 0) ? reason : best,
  );
}

/** One reported file: its reports (reasons, details) and what is known of it, with its actions. */
export function ReportGroupCard({
  group,
  onDone,
}: {
  group: AdminReportGroup;
  onDone: (message: string) => void;
}) {
  const headingId = `report-group-${group.fileId}`;
  const reasons = REPORT_REASONS.filter((reason) => (group.reasons[reason] ?? 0) > 0);
  return (
    <Card as="article" className="sd-admin-card" aria-labelledby={headingId}>
      <header className="sd-admin-card__header">
        <h3 id={headingId} className="sd-admin-card__title">
          {group.link}
        </h3>
        <p className="sd-admin-card__meta">
          {group.reportCount} {group.reportCount === 1 ? 'report' : 'reports'} from{' '}
          {group.reporters} {group.reporters === 1 ? 'address' : 'addresses'}
          {group.openCount > 0 ? `, ${group.openCount} open` : ', all closed'}; first{' '}
          {formatAge(secondsSince(group.firstReportedAt))} ago
        </p>
        <ul className="sd-admin-reasons" aria-label="Reasons">
          {reasons.map((reason) => (
            <li key={reason}>
              <Badge tone="warning">
                {REPORT_REASON_LABELS[reason]} × {group.reasons[reason]}
              </Badge>
            </li>
          ))}
          {group.keyIncluded ? (
            <li>
              <Badge tone="info">Key included</Badge>
            </li>
          ) : null}
        </ul>
      </header>

      {group.file ? (
        <FileFacts file={group.file} />
      ) : (
        <p className="sd-admin-muted">The file is gone (expired, or deleted by its owner).</p>
      )}

      <details className="sd-admin-reports" open>
        <summary>Reports and details</summary>
        <ol>
          {group.reports.map((report) => (
            <li key={report.id}>
              <p>
                <strong>{REPORT_REASON_LABELS[report.reason]}</strong>,{' '}
                {formatWhen(report.createdAt)}
                {report.status === 'open' ? '' : ` (${report.status})`}
                {report.keyIncluded ? ', key included' : ''}
              </p>
              {report.details ? (
                <p className="sd-admin-reports__details">{report.details}</p>
              ) : null}
              {report.reporterEmail ? (
                <p className="sd-admin-muted">Reporter: {report.reporterEmail}</p>
              ) : null}
            </li>
          ))}
        </ol>
      </details>

      {group.file ? (
        <FileActions
          file={group.file}
          reportKey={group.key}
          defaultReason={leadingReason(group)}
          canDismiss={group.openCount > 0}
          onDone={onDone}
        />
      ) : null}
    </Card>
  );
}
