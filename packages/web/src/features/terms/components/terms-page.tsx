import { linkLimits } from '@sealdrop/core/client/link-options';
import { useDocumentTitle } from '../../../components/ui/use-document-title';
import { operatorLabel, usePublicConfig } from '../../../lib/public-config';
import { TERMS_TEXTS as T } from './terms-texts';
import './terms.css';

/** /terms: the terms of use, naming the operator and the abuse address the server is set up with. */
export function TermsPage() {
  useDocumentTitle(T.title);
  const { data: config } = usePublicConfig();
  const abuseEmail = config?.abuseEmail?.trim() || null;
  return (
    <main className="sd-container sd-terms">
      <h1>{T.title}</h1>
      <p className="sd-terms__lead">{T.lead(operatorLabel(config))}</p>

      <section aria-labelledby="terms-contact">
        <h2 id="terms-contact">{T.contactTitle}</h2>
        <p>
          {abuseEmail ? (
            <>
              {T.contactWithEmail}
              <a href={`mailto:${abuseEmail}`}>{abuseEmail}</a>.
            </>
          ) : (
            T.contactWithoutEmail
          )}
        </p>
      </section>

      <section aria-labelledby="terms-not-allowed">
        <h2 id="terms-not-allowed">{T.notAllowedTitle}</h2>
        <ul>
          {T.notAllowed.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </section>

      <TermsSection id="terms-report" title={T.reportTitle} paragraphs={T.report} />
      <TermsSection id="terms-notices" title={T.noticesTitle} paragraphs={T.notices} />
      <TermsSection id="terms-encrypted" title={T.encryptedTitle} paragraphs={T.encrypted} />

      <section aria-labelledby="terms-retention">
        <h2 id="terms-retention">{T.retentionTitle}</h2>
        <ul>
          {T.retention(linkLimits(config)).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </section>

      <TermsSection id="terms-warranty" title={T.warrantyTitle} paragraphs={[T.warranty]} />
    </main>
  );
}

function TermsSection({
  id,
  title,
  paragraphs,
}: {
  id: string;
  title: string;
  paragraphs: readonly string[];
}) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {paragraphs.map((text) => (
        <p key={text}>{text}</p>
      ))}
    </section>
  );
}
