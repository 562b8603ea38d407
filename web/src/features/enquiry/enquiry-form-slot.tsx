/**
 * Where a page places an enquiry form. The prerendered HTML always contains the whole form; the
 * form's code (formik, yup) is fetched when it is needed: at once for `load="now"`, or, for a form
 * further down the page (`load="visible"`), when it comes near the viewport or the visitor
 * reaches into it. Until then React leaves the server HTML in place (a dehydrated Suspense
 * boundary), so the first page load carries none of it, and the visitor can already type: the
 * form takes over whatever is there when its code arrives (see prerendered-form.ts).
 *
 * A download that fails is retried. If the code stays unavailable once the visitor is in the form
 * (a new release removed it), what they typed is saved as the form's draft and the page is loaded
 * afresh, where the draft brings it back.
 */
import { memo, Suspense, use, useEffect, useRef, useState } from 'react';
import { EmailLink, PhoneLink } from '../../components/contact-links';
import { ErrorBoundary } from '../../components/error-boundary';
import { RecoveryNotice } from '../../components/recovery-notice';
import { loadCode } from '../../lib/code-loading';
import type { EnquiryFormProps } from './enquiry-form';
import { draftKeyFor, readDraft, writeDraft } from './form-draft';
import { controlValues, prerenderedForm } from './prerendered-form';

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

/** How far below the viewport a deferred form starts loading. */
const PRELOAD_MARGIN = '400px 0px';
/** What counts as the visitor reaching into the form. */
const INTERACTIONS = ['focusin', 'pointerdown', 'touchstart', 'keydown'] as const;

/**
 * When the form's code is wanted, and what a failed download means: near the viewport it is only
 * tried again later; with the visitor in the form it is an error for the slot's boundary.
 */
function formGate(onGiveUp: () => void) {
  let resolve!: (module: FormModule) => void;
  let reject!: (error: unknown) => void;
  const ready = new Promise<FormModule>((settle, fail) => {
    resolve = settle;
    reject = fail;
  });
  let loading = false;
  let wanted = false;
  const attempt = () => {
    if (loading) return;
    loading = true;
    loadEnquiryForm().then(resolve, (error: unknown) => {
      loading = false;
      if (!wanted) return;
      onGiveUp();
      reject(error);
    });
  };
  return {
    ready,
    /** The form came near the viewport. */
    approach: attempt,
    /** The visitor is in the form, or it is needed now. */
    want: () => {
      wanted = true;
      attempt();
    },
  };
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

type EnquiryFormSlotProps = EnquiryFormProps & { load?: 'now' | 'visible' };

/**
 * Memoised: a dehydrated Suspense boundary that receives new props is client-rendered, which
 * would replace the prerendered form (and what the visitor typed into it) with a fresh one.
 */
export const EnquiryFormSlot = memo(function EnquiryFormSlot({
  load = 'now',
  ...props
}: EnquiryFormSlotProps) {
  const wrapper = useRef<HTMLDivElement>(null);
  const [gate] = useState(() => {
    // What the visitor typed into the prerendered form, kept as its draft before it is replaced.
    const saveTyped = () => {
      const form = prerenderedForm(props.id);
      if (!form) return;
      const key = draftKeyFor(Boolean(props.short), props.id);
      const typed = controlValues(form, true);
      delete typed.website;
      const draft = readDraft(key, Object.keys(controlValues(form)));
      writeDraft(key, {
        values: { ...draft?.values, ...typed },
        enquiryId: draft?.enquiryId ?? null,
        submitFailed: draft?.submitFailed ?? false,
      });
    };
    const gate = formGate(saveTyped);
    // Hydrating: this slot's server HTML is already in the page. Otherwise the form appears after
    // a navigation and needs its code at once. (Nothing here may re-render the slot while its
    // Suspense boundary waits to hydrate, or React would throw the server HTML away.)
    const hydrating =
      typeof document !== 'undefined' && document.querySelector(`[data-form-slot="${props.id}"]`);
    if (typeof window === 'undefined' || load === 'now' || !hydrating) gate.want();
    return gate;
  });

  useEffect(() => {
    const element = wrapper.current;
    if (!element || formModule) return;
    const observer = new IntersectionObserver(
      (entries) => entries.some((entry) => entry.isIntersecting) && gate.approach(),
      { rootMargin: PRELOAD_MARGIN },
    );
    observer.observe(element);
    // Heard on the document while capturing: React stops a discrete event aimed at a boundary it
    // has not hydrated yet before it could bubble up to this element.
    const reached = (event: Event) => {
      if (event.target instanceof Node && element.contains(event.target)) gate.want();
    };
    const listening = { capture: true, passive: true } as const;
    INTERACTIONS.forEach((type) => document.addEventListener(type, reached, listening));
    return () => {
      observer.disconnect();
      INTERACTIONS.forEach((type) => document.removeEventListener(type, reached, listening));
    };
  }, [gate]);

  return (
    <div ref={wrapper} className="enquiry-form-slot" data-form-slot={props.id}>
      <ErrorBoundary fallback={(error) => <FormRecovery error={error} />}>
        <Suspense fallback={<div className="enquiry-form-slot__loading" aria-busy="true" />}>
          <DeferredForm ready={gate.ready} {...props} />
        </Suspense>
      </ErrorBoundary>
    </div>
  );
});
