import { EnquiryPopup } from '../../features/enquiry/enquiry-popup';
import type { PopupPage } from '../../features/enquiry/promo-popup';
import { Island } from '../islands/island';

/**
 * The promotional popup of the products and product pages: a DOM island that opens the dialog on
 * the page's schedule, around a React island, its short form, which wakes once the dialog shows.
 * On a product page the popup names the product, and its enquiry carries it.
 */
export function PromoPopup({ page, product }: { page: PopupPage; product?: { slug: string; name: string } }) {
  return (
    <Island name="promo-popup" wake="load" props={{ page }}>
      <EnquiryPopup
        product={product?.name}
        form={<Island name="popup-form" wake="visible" props={product ? { product: product.slug } : {}} />}
      />
    </Island>
  );
}
