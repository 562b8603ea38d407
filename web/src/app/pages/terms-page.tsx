import { termsAndConditions } from '../../content/legal';
import { pageMeta } from '../../content/pages';
import { usePageHead } from '../../features/seo/page-head';
import { TERMS_PATH } from '../../config/paths';
import { LegalDocumentView } from './legal-document';

export default function TermsPage() {
  usePageHead({ ...pageMeta.terms, path: TERMS_PATH });
  return <LegalDocumentView document={termsAndConditions()} />;
}
