/**
 * A prerendered form is on screen, and can be typed into, before its code arrives. When the code
 * takes over, what the visitor already did (values, choices, ticks, the fields they left, where
 * the caret is) is read from the page and becomes the form's state, so nothing is reset.
 *
 * The boot script (scripts/prerender.ts) runs before any page code and records, in the global
 * named below, the id of every form control the visitor leaves.
 */
import type { DraftValue } from './form-draft';

export const LEFT_CONTROLS_GLOBAL = '__smeLeftControls';

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

function namedControls(form: HTMLFormElement): Control[] {
  return Array.from(form.elements).filter(
    (element): element is Control =>
      (element instanceof HTMLInputElement ||
        element instanceof HTMLSelectElement ||
        element instanceof HTMLTextAreaElement) &&
      element.name !== '',
  );
}

const isCheckbox = (control: Control): control is HTMLInputElement =>
  control instanceof HTMLInputElement && control.type === 'checkbox';

const currentValue = (control: Control): DraftValue =>
  isCheckbox(control) ? control.checked : control.value;

/** What the server rendered into the control, before anyone touched it. */
function serverValue(control: Control): DraftValue {
  if (isCheckbox(control)) return control.defaultChecked;
  if (control instanceof HTMLSelectElement) {
    const selected = Array.from(control.options).find((option) => option.defaultSelected);
    return selected?.value ?? control.options[0]?.value ?? '';
  }
  return control.defaultValue;
}

/** Every named control's value as it stands now. */
export function controlValues(form: HTMLFormElement): Record<string, DraftValue> {
  return Object.fromEntries(namedControls(form).map((control) => [control.name, currentValue(control)]));
}

/** Only what the visitor changed from the prerendered form. */
export function changedControlValues(form: HTMLFormElement): Record<string, DraftValue> {
  return Object.fromEntries(
    namedControls(form)
      .filter((control) => currentValue(control) !== serverValue(control))
      .map((control) => [control.name, currentValue(control)]),
  );
}

export type Caret = { name: string; selection: [number, number] | null };

export type Takeover = {
  /** Every control's value when the code took over (what the visitor typed, or the server's). */
  values: Record<string, DraftValue>;
  /** Names of the fields the visitor had already left: validated as if the code had been there. */
  left: string[];
  /** The field the visitor is in, and the selection in it (null where the type has none). */
  caret: Caret | null;
};

/** The placement's prerendered form, while it is still the server's (hydration has not replaced it). */
export function prerenderedForm(placementId: string): HTMLFormElement | null {
  if (typeof document === 'undefined') return null;
  return document.querySelector<HTMLFormElement>(`[data-form-slot="${CSS.escape(placementId)}"] form`);
}

function leftControlIds(): string[] {
  const recorded = (window as unknown as Record<string, unknown>)[LEFT_CONTROLS_GLOBAL];
  return Array.isArray(recorded) ? recorded.filter((id): id is string => typeof id === 'string') : [];
}

function caretIn(form: HTMLFormElement): Caret | null {
  const active = document.activeElement;
  const control = namedControls(form).find((candidate) => candidate === active);
  if (!control) return null;
  let selection: [number, number] | null = null;
  // Only text-like inputs and textareas have a selection (email inputs, for one, do not).
  if (!(control instanceof HTMLSelectElement) && control.selectionStart !== null) {
    selection = [control.selectionStart, control.selectionEnd ?? control.selectionStart];
  }
  return { name: control.name, selection };
}

export function takeOver(form: HTMLFormElement): Takeover {
  const left = new Set(leftControlIds());
  return {
    values: controlValues(form),
    left: namedControls(form)
      .filter((control) => left.has(control.id))
      .map((control) => control.name),
    caret: caretIn(form),
  };
}

/** Puts focus and caret back where they were (needed only if the form's elements were replaced). */
export function restoreCaret(form: HTMLFormElement, caret: Caret): void {
  const control = namedControls(form).find((candidate) => candidate.name === caret.name);
  if (!control || document.activeElement === control) return;
  control.focus({ preventScroll: true });
  if (caret.selection && !(control instanceof HTMLSelectElement)) {
    try {
      control.setSelectionRange(...caret.selection);
    } catch {
      // The type changed to one without a selection: focus alone is right.
    }
  }
}
