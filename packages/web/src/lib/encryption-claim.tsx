/**
 * Whether the page may say "files are encrypted in your browser". True
 * everywhere except where the content at hand was shared without encryption: the download page
 * of a plain file turns it off while it is shown, and the footer reads it.
 */
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';

const EncryptionClaimContext = createContext<{
  claimed: boolean;
  setClaimed: (claimed: boolean) => void;
}>({ claimed: true, setClaimed: () => {} });

export function EncryptionClaimProvider({ children }: { children: ReactNode }) {
  const [claimed, setClaimed] = useState(true);
  return (
    <EncryptionClaimContext.Provider value={{ claimed, setClaimed }}>
      {children}
    </EncryptionClaimContext.Provider>
  );
}

export function useEncryptionClaimed(): boolean {
  return useContext(EncryptionClaimContext).claimed;
}

/** While the calling component is shown, the page makes no claim of browser encryption. */
export function useWithoutEncryptionClaim() {
  const { setClaimed } = useContext(EncryptionClaimContext);
  useEffect(() => {
    setClaimed(false);
    return () => setClaimed(true);
  }, [setClaimed]);
}
