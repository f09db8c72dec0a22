import type { AdminFile } from '@sealdrop/core/api-admin-schemas';
import { REMOVED_MESSAGES, REPORT_REASONS, type ReportReason } from '@sealdrop/core/moderation';
import { useId, useState } from 'react';
import { REPORT_REASON_LABELS } from '../../../lib/reports';
import { blockUploader, dismissReports, removeFile } from '../api/admin-api';
import { useAdminAction } from '../hooks/use-admin-action';
import { parseBlockDays } from '../lib/admin-format';
import { ActionDialog } from './action-dialog';

export interface ActionDialogProps {
  file: AdminFile;
  onClose: () => void;
  /** Told what was done, in a sentence for the console's status line. */
  onDone: (message: string) => void;
}

/** "Remove file": the object goes at once, the link answers that it was removed. */
export function RemoveFileDialog({
  file,
  defaultReason,
  onClose,
  onDone,
}: ActionDialogProps & { defaultReason: ReportReason }) {
  const id = useId();
  const [reason, setReason] = useState<ReportReason>(defaultReason);
  const [note, setNote] = useState('');
  const action = useAdminAction(removeFile, () => {
    onClose();
    onDone(`Removed ${file.link}.`);
  });
  return (
    <ActionDialog
      title="Remove this file?"
      description={`The file is deleted from storage at once and cannot be brought back. Its link will say: "${REMOVED_MESSAGES.terms}" Its open reports are closed and their keys deleted.`}
      confirmLabel="Remove file"
      note={note}
      onNoteChange={setNote}
      pending={action.pending}
      error={action.error}
      onConfirm={() => action.run({ fileId: file.fileId, reason, note })}
      onClose={onClose}
    >
      <div className="sd-form__field">
        <label htmlFor={`${id}-reason`}>Reason</label>
        <select
          id={`${id}-reason`}
          value={reason}
          onChange={(event) => setReason(event.target.value as ReportReason)}
        >
          {REPORT_REASONS.map((value) => (
            <option key={value} value={value}>
              {REPORT_REASON_LABELS[value]}
            </option>
          ))}
        </select>
      </div>
    </ActionDialog>
  );
}

/** "Dismiss": the file stays; its open reports close and the keys they carried are deleted. */
export function DismissDialog({ file, onClose, onDone }: ActionDialogProps) {
  const [note, setNote] = useState('');
  const action = useAdminAction(dismissReports, () => {
    onClose();
    onDone(`Dismissed the reports of ${file.link}.`);
  });
  return (
    <ActionDialog
      title="Dismiss these reports?"
      description="The file stays online. Its open reports are closed, and any key a reporter included is deleted: nobody here can open the file again unless someone reports it with its key."
      confirmLabel="Dismiss reports"
      danger={false}
      note={note}
      onNoteChange={setNote}
      pending={action.pending}
      error={action.error}
      onConfirm={() => action.run({ fileId: file.fileId, note })}
      onClose={onClose}
    />
  );
}

export const DEFAULT_BLOCK_DAYS = '30';

/** "Block uploader": suspend the account, block the address from uploading for some days, or both. */
export function BlockUploaderDialog({ file, onClose, onDone }: ActionDialogProps) {
  const id = useId();
  const { uploader } = file;
  const canSuspend = uploader.accountId !== null && !uploader.suspended;
  const canBlock = uploader.addressHash !== null;
  const [suspend, setSuspend] = useState(canSuspend);
  const [block, setBlock] = useState(canBlock);
  const [days, setDays] = useState(DEFAULT_BLOCK_DAYS);
  const [note, setNote] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const action = useAdminAction(blockUploader, () => {
    onClose();
    onDone(`Blocked the uploader of ${file.link}.`);
  });

  const confirm = () => {
    const blockDays = block ? parseBlockDays(days) : null;
    if (block && blockDays === null) return setInvalid('Enter a number of days from 1 to 3650.');
    if (!suspend && !block)
      return setInvalid('Choose to suspend the account, block the address, or both.');
    setInvalid(null);
    action.run({ fileId: file.fileId, suspendAccount: suspend, blockAddressDays: blockDays, note });
  };

  return (
    <ActionDialog
      title="Block this uploader?"
      description="A suspended account can no longer sign in or use its sessions. A blocked address (a network, for IPv6 a whole /64) cannot upload until the block ends. Both can be lifted later."
      confirmLabel="Block uploader"
      note={note}
      onNoteChange={setNote}
      pending={action.pending}
      error={invalid ?? action.error}
      onConfirm={confirm}
      onClose={onClose}
    >
      <div className="sd-form__check">
        <input
          id={`${id}-suspend`}
          type="checkbox"
          checked={suspend}
          disabled={!canSuspend}
          onChange={(event) => setSuspend(event.target.checked)}
        />
        <label htmlFor={`${id}-suspend`}>
          {uploader.accountId === null
            ? 'Suspend the account (the uploader had none)'
            : uploader.suspended
              ? `Suspend the account (${uploader.label} is already suspended)`
              : `Suspend the account ${uploader.label}`}
        </label>
      </div>
      <div className="sd-form__check">
        <input
          id={`${id}-block`}
          type="checkbox"
          checked={block}
          disabled={!canBlock}
          onChange={(event) => setBlock(event.target.checked)}
        />
        <label htmlFor={`${id}-block`}>
          {canBlock
            ? "Block the uploader's address from uploading"
            : "Block the uploader's address (not known for this file)"}
        </label>
      </div>
      {block ? (
        <div className="sd-form__field">
          <label htmlFor={`${id}-days`}>Days</label>
          <input
            id={`${id}-days`}
            type="number"
            inputMode="numeric"
            min={1}
            max={3650}
            value={days}
            onChange={(event) => setDays(event.target.value)}
          />
        </div>
      ) : null}
    </ActionDialog>
  );
}
