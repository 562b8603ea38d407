/**
 * A prerendered form is on screen, and can be typed into, before its code arrives. These few
 * readings of it are needed before that code: the slot keeps what was typed as a draft when the
 * code cannot be had; form-takeover.ts does the rest once it has arrived.
 *
 * The boot script (scripts/prerender.ts) runs before any page code and records, in the global
 * named below, the id of every form control the visitor leaves.
 */
import type { DraftValue } from './form-draft';

export const LEFT_CONTROLS_GLOBAL = '__smeLeftControls';

export type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

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
    : document.querySelector<HTMLFormElement>(`[data-form-slot="${placementId}"] form`);
