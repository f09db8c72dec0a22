import { AccountGate } from './account-gate';
import { AccountPage, type AccountPageSlots } from './account-page';
import { BalancePanel } from './balance-panel';

/** /account/balance — the reward balance (prickoBalance) and its latest history entries. */
export function BalancePage({ renderAuthDialog }: AccountPageSlots) {
  return (
    <AccountPage title="Balance">
      <AccountGate subject="your balance" renderAuthDialog={renderAuthDialog}>
        {(user) => <BalancePanel userId={user.id} balance={user.prickoBalance} />}
      </AccountGate>
    </AccountPage>
  );
}
