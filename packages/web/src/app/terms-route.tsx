import { TermsPage } from '../features/terms/components/terms-page';

/** /terms, in a script of its own (router.tsx loads it when first shown). */
export default TermsPage;
