import { privacyPolicy } from '../../content/legal';
import { pageMeta } from '../../content/pages';
import { usePageHead } from '../../features/seo/page-head';
import { PRIVACY_PATH } from '../../config/paths';
import { LegalDocumentView } from './legal-document';

export default function PrivacyPage() {
  usePageHead({ ...pageMeta.privacy, path: PRIVACY_PATH });
  return <LegalDocumentView document={privacyPolicy()} />;
}
