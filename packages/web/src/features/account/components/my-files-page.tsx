import { AccountGate } from './account-gate';
import { AccountPage } from './account-page';
import { FilesPanel } from './files-panel';

/** /account/files — the signed-in user's uploads, with copy link and delete. */
export function MyFilesPage() {
  return (
    <AccountPage title="My files">
      <AccountGate subject="your files">{(user) => <FilesPanel userId={user.id} />}</AccountGate>
    </AccountPage>
  );
}
