import { AccountGate } from './account-gate';
import { AccountPage, type AccountPageSlots } from './account-page';
import { FilesPanel } from './files-panel';

/** /account/files — the signed-in user's uploads, with copy link and delete. */
export function MyFilesPage({ renderAuthDialog }: AccountPageSlots) {
  return (
    <AccountPage title="My files">
      <AccountGate subject="your files" renderAuthDialog={renderAuthDialog}>
        {(user) => <FilesPanel userId={user.id} />}
      </AccountGate>
    </AccountPage>
  );
}
