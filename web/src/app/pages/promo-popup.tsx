import { EnquiryPopup } from '../../features/enquiry/enquiry-popup';
import type { PopupPage } from '../../features/enquiry/promo-popup';
import { Island } from '../islands/island';

/**
 * The promotional popup of the products and product pages: a DOM island that opens the dialog on
 * the page's schedule, around a React island, its short form, which wakes once the dialog shows.
 */
export function PromoPopup({ page }: { page: PopupPage }) {
  return (
    <Island name="promo-popup" wake="load" props={{ page }}>
      <EnquiryPopup form={<Island name="popup-form" wake="visible" />} />
    </Island>
  );
}
