/**
 * When a prerendered form's code takes over, what the visitor already did (values, choices,
 * ticks, the fields they left) is read from the page and becomes the form's state, so nothing is
 * reset. Hydration keeps the page's elements, so the focus and the caret simply stay where they are.
 */
import type { DraftValue } from './form-draft';
import { controlValues, LEFT_CONTROLS_GLOBAL, namedControls } from './prerendered-form';

export type Takeover = {
  /** Every control's value when the code took over (what the visitor typed, or the server's). */
  values: Record<string, DraftValue>;
  /** Names of the fields the visitor had already left: validated as if the code had been there. */
  left: string[];
};

function leftControlIds(): string[] {
  const recorded = (window as unknown as Record<string, unknown>)[LEFT_CONTROLS_GLOBAL];
  return Array.isArray(recorded) ? recorded.filter((id): id is string => typeof id === 'string') : [];
}

export function takeOver(form: HTMLFormElement): Takeover {
  const left = new Set(leftControlIds());
  return {
    values: controlValues(form),
    left: namedControls(form)
      .filter((control) => left.has(control.id))
      .map((control) => control.name),
  };
}
