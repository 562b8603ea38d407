import { EnquiryFormSlot } from './enquiry-form-slot';

/**
 * The promotional popup's short form, as an island of its own inside the popup's dialog: it wakes
 * as the dialog shows it, or as the visitor reaches into it (see promo-popup-island.ts).
 */
export default function PopupFormIsland() {
  return <EnquiryFormSlot short id="popup" />;
}
