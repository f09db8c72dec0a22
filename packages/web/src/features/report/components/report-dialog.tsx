import { DialogThanks } from '../../../components/form/dialog-form';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { usePublicConfig } from '../../../lib/public-config';
import { useReportForm } from '../hooks/use-report-form';
import { ReportForm } from './report-form';
import { REPORT_TEXTS as T } from './report-texts';
import './report.css';

export interface ReportDialogProps {
  open: boolean;
  onClose: () => void;
  code: string;
  /** `key=…&iv=…` when the file is open here with its key; null hides the key box. */
  fileKey: string | null;
}

/** The "Report this file" dialog. Its content mounts only while open: each opening starts empty. */
export function ReportDialog({ open, ...props }: ReportDialogProps) {
  return open ? <ReportDialogContent {...props} /> : null;
}

function ReportDialogContent({ onClose, code, fileKey }: Omit<ReportDialogProps, 'open'>) {
  const form = useReportForm({ code, fileKey });
  const { data: config } = usePublicConfig();
  const thanks = form.phase === 'thanks';
  return (
    <Modal
      open
      onClose={onClose}
      title={T.title}
      description={thanks ? undefined : T.description}
      className="sd-report-dialog"
    >
      {thanks ? (
        <ReportThanks onClose={onClose} />
      ) : (
        <ReportForm
          form={form}
          keyAvailable={fileKey !== null}
          abuseEmail={config?.abuseEmail ?? null}
          onCancel={onClose}
        />
      )}
    </Modal>
  );
}

function ReportThanks({ onClose }: { onClose: () => void }) {
  return (
    <DialogThanks title={T.thanks} className="sd-report-thanks">
      <Button variant="secondary" onClick={onClose}>
        {T.close}
      </Button>
    </DialogThanks>
  );
}
