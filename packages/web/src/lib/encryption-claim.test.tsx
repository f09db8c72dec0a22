import { render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import {
  EncryptionClaimProvider,
  useEncryptionClaimed,
  useWithoutEncryptionClaim,
} from './encryption-claim';

function Claim() {
  return <p>{useEncryptionClaimed() ? 'claims encryption' : 'claims nothing'}</p>;
}
function PlainFile() {
  useWithoutEncryptionClaim();
  return null;
}
function Page() {
  const [plain, setPlain] = useState(true);
  return (
    <>
      {plain ? <PlainFile /> : null}
      <button type="button" onClick={() => setPlain(false)}>
        leave
      </button>
      <Claim />
    </>
  );
}

describe('encryption claim', () => {
  it('is off while a plain file is shown, and back once it is gone', () => {
    render(
      <EncryptionClaimProvider>
        <Page />
      </EncryptionClaimProvider>,
    );
    expect(screen.getByText('claims nothing')).toBeInTheDocument();
    screen.getByRole('button', { name: 'leave' }).click();
    return expect(screen.findByText('claims encryption')).resolves.toBeInTheDocument();
  });
});
