/**
 * An enquiry form in a page or in the popup. The prerendered HTML always contains the whole form,
 * and the visitor can type into it before any code arrives. A page's form is an island
 * (enquiry-form-island.tsx) woken when it is needed: at once on /enquiry, as it comes near the
 * viewport on /home, and whenever the visitor reaches into it. Once awake, the slot fetches the
 * form's own code (formik, yup) and, until it arrives, React leaves the server HTML in place (a
 * dehydrated Suspense boundary); the form then takes over whatever is there (prerendered-form.ts).
 *
 * A download that fails is retried. If the code stays unavailable, what the visitor typed is saved
 * as the form's draft and the page is loaded afresh, where the draft brings it back.
 */
import { memo, Suspense, use, useState } from 'react';
import { EmailLink, PhoneLink } from '../../components/contact-links';
import { ErrorBoundary } from '../../components/error-boundary';
import { RecoveryNotice } from '../../components/recovery-notice';
import { loadCode } from '../../lib/code-loading';
import type { EnquiryFormProps } from './enquiry-form';
import { FORM_SLOT_ATTRIBUTE, FORM_VARIANT_ATTRIBUTE, saveTypedAsDraft } from './prerendered-form';

type FormModule = typeof import('./enquiry-form');

let formModule: FormModule | undefined;
let formModulePending: Promise<FormModule> | undefined;

export function loadEnquiryForm(): Promise<FormModule> {
  // Two steps, so the validation code (yup) and the form (formik, React) are evaluated in separate
  // tasks instead of one long one that would hold up the page.
  formModulePending ??= loadCode(() => import('./enquiry-schema').then(() => import('./enquiry-form'))).then(
    (module) => (formModule = module),
    (error: unknown) => {
      formModulePending = undefined;
      throw error;
    },
  );
  return formModulePending;
}

/** The form's code, fetched once the slot renders; a failure keeps what was typed, then fails. */
function loadFormFor(props: EnquiryFormProps): Promise<FormModule> {
  return loadEnquiryForm().catch((error: unknown) => {
    saveTypedAsDraft(props.id, Boolean(props.short));
    throw error;
  });
}

function DeferredForm({ ready, ...props }: EnquiryFormProps & { ready: Promise<FormModule> }) {
  const { EnquiryForm } = formModule ?? use(ready);
  return <EnquiryForm {...props} />;
}

function FormRecovery({ error }: { error: unknown }) {
  return (
    <RecoveryNotice error={error} title="The enquiry form could not be loaded" headingLevel={3}>
      <p>
        Reload the page to try again; what you typed is kept. You can also call us on <PhoneLink /> or write
        to <EmailLink />.
      </p>
    </RecoveryNotice>
  );
}

/**
 * Memoised: a dehydrated Suspense boundary that receives new props is client-rendered, which
 * would replace the prerendered form (and what the visitor typed into it) with a fresh one.
 */
export const EnquiryFormSlot = memo(function EnquiryFormSlot(props: EnquiryFormProps) {
  // Nothing here may re-render the slot while its Suspense boundary waits to hydrate, or React
  // would throw the server HTML away: the promise is made once.
  const [ready] = useState(() => loadFormFor(props));
  const slotAttributes = {
    [FORM_SLOT_ATTRIBUTE]: props.id,
    [FORM_VARIANT_ATTRIBUTE]: props.short ? 'short' : 'full',
  };
  return (
    <div className="enquiry-form-slot" {...slotAttributes}>
      <ErrorBoundary fallback={(error) => <FormRecovery error={error} />}>
        <Suspense fallback={<div className="enquiry-form-slot__loading" aria-busy="true" />}>
          <DeferredForm ready={ready} {...props} />
        </Suspense>
      </ErrorBoundary>
    </div>
  );
});
