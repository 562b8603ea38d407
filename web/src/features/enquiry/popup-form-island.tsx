import { EnquiryFormSlot } from './enquiry-form-slot';

/**
 * The promotional popup's short form, as an island of its own inside the popup's dialog: it wakes
 * as the dialog shows it, or as the visitor reaches into it (see promo-popup-island.ts). On a
 * product page it carries that product (`product`, its catalogue address) to the enquiry.
 */
export default function PopupFormIsland({ product }: { product?: string }) {
  return <EnquiryFormSlot short id="popup" product={product} />;
}
