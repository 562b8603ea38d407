/**
 * Where a page places an enquiry form. The prerendered HTML always contains the whole form; the
 * form's code (formik, yup) is fetched when it is needed: at once for `load="now"`, or, for a form
 * further down the page (`load="visible"`), when it comes near the viewport or the visitor
 * reaches into it. Until then React leaves the server HTML in place (a dehydrated Suspense
 * boundary), so the first page load carries none of it.
 */
import { Suspense, use, useEffect, useRef, useState } from 'react';
import type { EnquiryFormProps } from './enquiry-form';

type FormModule = typeof import('./enquiry-form');

let formModule: FormModule | undefined;
let formModulePending: Promise<FormModule> | undefined;

export function loadEnquiryForm(): Promise<FormModule> {
  // Two steps, so the validation code (yup) and the form (formik, React) are evaluated in separate
  // tasks instead of one long one that would hold up the page.
  formModulePending ??= import('./enquiry-schema')
    .then(() => import('./enquiry-form'))
    .then((module) => (formModule = module));
  return formModulePending;
}

/** How far below the viewport a deferred form starts loading. */
const PRELOAD_MARGIN = '400px 0px';

function Gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

function DeferredForm({ ready, ...props }: EnquiryFormProps & { ready: Promise<FormModule> }) {
  const { EnquiryForm } = formModule ?? use(ready);
  return <EnquiryForm {...props} />;
}

export function EnquiryFormSlot({ load = 'now', ...props }: EnquiryFormProps & { load?: 'now' | 'visible' }) {
  const wrapper = useRef<HTMLDivElement>(null);
  const [gate] = useState(() => {
    const gate = Gate();
    // Hydrating: this slot's server HTML is already in the page. Otherwise the form appears after
    // a navigation and needs its code at once. (Nothing here may re-render the slot while its
    // Suspense boundary waits to hydrate, or React would throw the server HTML away.)
    const hydrating =
      typeof document !== 'undefined' && document.querySelector(`[data-form-slot="${props.id}"]`);
    if (typeof window === 'undefined' || load === 'now' || !hydrating) gate.open();
    return { ...gate, ready: gate.opened.then(loadEnquiryForm) };
  });

  useEffect(() => {
    const element = wrapper.current;
    if (!element || formModule) return;
    const open = () => gate.open();
    const observer = new IntersectionObserver(
      (entries) => entries.some((entry) => entry.isIntersecting) && open(),
      {
        rootMargin: PRELOAD_MARGIN,
      },
    );
    observer.observe(element);
    const events = ['focusin', 'pointerdown', 'touchstart', 'keydown'] as const;
    events.forEach((type) => element.addEventListener(type, open, { passive: true }));
    return () => {
      observer.disconnect();
      events.forEach((type) => element.removeEventListener(type, open));
    };
  }, [gate]);

  return (
    <div ref={wrapper} className="enquiry-form-slot" data-form-slot={props.id}>
      <Suspense fallback={<div className="enquiry-form-slot__loading" aria-busy="true" />}>
        <DeferredForm ready={gate.ready} {...props} />
      </Suspense>
    </div>
  );
}
