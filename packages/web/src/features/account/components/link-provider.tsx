/**
 * Settings' "Link {provider} account": an account made with a password links
 * its external sign-in here, signed in, instead of the provider taking over an account by email.
 * The server binds the sign-in it starts to this account; the provider sends the browser back to
 * /account/settings?linked=success.
 */
import { redirectUrlSchema } from '@sealdrop/core/api-auth-schemas';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { Button } from '../../../components/ui/button';
import { apiRequest } from '../../../lib/api-client';
import { useExternalSignIn } from '../../../lib/session/external-sign-in';

export function LinkProvider({ linked }: { linked: boolean }) {
  const provider = useExternalSignIn();
  const { search } = useLocation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!provider) return null;
  const justLinked = new URLSearchParams(search).get('linked') === 'success';

  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      const { url } = await apiRequest('/auth/oidc/link', {
        schema: redirectUrlSchema,
        method: 'POST',
      });
      window.location.assign(url);
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : `Could not reach ${provider.name}.`);
      setBusy(false);
    }
  };

  return (
    <section className="sd-settings__section" aria-label={`${provider.name} sign-in`}>
      <h2>{provider.name} sign-in</h2>
      {linked ? (
        <p role={justLinked ? 'status' : undefined}>
          {justLinked
            ? `Your ${provider.name} account is now linked. You can sign in with it.`
            : `Your ${provider.name} account is linked. You can sign in with it.`}
        </p>
      ) : (
        <>
          <p>Sign in with {provider.name} as well as with your password.</p>
          <Button variant="secondary" loading={busy} onClick={() => void start()}>
            Link {provider.name} account
          </Button>
          {error ? <p role="alert">{error}</p> : null}
        </>
      )}
    </section>
  );
}
