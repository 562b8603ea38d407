/**
 * A prerendered form is on screen, and can be typed into, before its code arrives. These few
 * readings of it are needed before that code: what was typed is kept as a draft when the code
 * cannot be had (by the slot, or by the islands' runtime before it loads the page afresh);
 * form-takeover.ts does the rest once it has arrived.
 *
 * The boot script (scripts/prerender.ts) runs before any page code and records, in the global
 * named below, the id of every form control the visitor leaves.
 */
import { draftKeyFor, readDraft, writeDraft, type DraftValue } from './form-draft';

export const LEFT_CONTROLS_GLOBAL = '__smeLeftControls';

/** The attributes of a form placement's wrapper (enquiry-form-slot.tsx). */
export const FORM_SLOT_ATTRIBUTE = 'data-form-slot';
export const FORM_VARIANT_ATTRIBUTE = 'data-form-variant';

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

export const namedControls = (form: HTMLFormElement) =>
  Array.from(form.elements).filter(
    (element): element is Control => 'value' in element && (element as Control).name !== '',
  ) as Control[];

const isCheckbox = (control: Control): control is HTMLInputElement => control.type === 'checkbox';

const currentValue = (control: Control): DraftValue =>
  isCheckbox(control) ? control.checked : control.value;

/** What the server rendered into the control, before anyone touched it. */
function serverValue(control: Control): DraftValue {
  if (isCheckbox(control)) return control.defaultChecked;
  if (control instanceof HTMLSelectElement) {
    const options = Array.from(control.options);
    return (options.find((option) => option.defaultSelected) ?? options[0])?.value ?? '';
  }
  return control.defaultValue;
}

/** Every named control's value as it stands now, or only those the visitor changed. */
export function controlValues(form: HTMLFormElement, changedOnly = false): Record<string, DraftValue> {
  return Object.fromEntries(
    namedControls(form)
      .filter((control) => !changedOnly || currentValue(control) !== serverValue(control))
      .map((control) => [control.name, currentValue(control)]),
  );
}

/** The placement's form while it is still the prerendered one (hydration has not replaced it). */
export const prerenderedForm = (placementId: string) =>
  typeof document === 'undefined'
    ? null
    : document.querySelector<HTMLFormElement>(`[${FORM_SLOT_ATTRIBUTE}="${placementId}"] form`);

/** Keeps what the visitor typed into the placement's prerendered form as its draft. */
export function saveTypedAsDraft(placementId: string, short: boolean): void {
  const form = prerenderedForm(placementId);
  if (!form) return;
  const key = draftKeyFor(short, placementId);
  const typed = controlValues(form, true);
  // The bot trap is never kept: a visitor never fills it.
  delete typed.website;
  const draft = readDraft(key, Object.keys(controlValues(form)));
  writeDraft(key, {
    values: { ...draft?.values, ...typed },
    enquiryId: draft?.enquiryId ?? null,
    submitFailed: draft?.submitFailed ?? false,
  });
}

/** The same for every form placement inside `root`. */
export function saveTypedForms(root: ParentNode): void {
  root.querySelectorAll<HTMLElement>(`[${FORM_SLOT_ATTRIBUTE}]`).forEach((slot) => {
    const id = slot.getAttribute(FORM_SLOT_ATTRIBUTE);
    if (id) saveTypedAsDraft(id, slot.getAttribute(FORM_VARIANT_ATTRIBUTE) === 'short');
  });
}
