import type { DeliveryState } from '@contract/delivery/delivery';
import { ATTENTION_STATES, STATE_TEXT } from './inbox-model';

/** FAILED, HELD and DUPLICATE stand out: colour, a border and a mark, never colour alone. */
export function StateBadge({ state }: { state: DeliveryState }) {
  const attention = ATTENTION_STATES.includes(state);
  return (
    <span className={`inbox-badge inbox-badge--${state.toLowerCase()}`} data-state={state}>
      {attention && <span aria-hidden="true">! </span>}
      {STATE_TEXT[state]}
    </span>
  );
}
