import { Button } from '../../../components/ui/button';
import { OIDC_START_PATH, useExternalSignIn } from '../../../lib/session/external-sign-in';

/** "Continue with {name}" when the server offers OpenID Connect; a full-page navigation. */
export function ExternalSignInButton() {
  const provider = useExternalSignIn();
  if (!provider) return null;
  return (
    <>
      <Button variant="secondary" block onClick={() => window.location.assign(OIDC_START_PATH)}>
        Continue with {provider.name}
      </Button>
      <p className="sd-auth-form__divider">
        <span>or</span>
      </p>
    </>
  );
}
