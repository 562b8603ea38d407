import type { ReactNode } from 'react';
import { DialogFrame } from '../../components/dialog';
import './enquiry-popup.css';

const TITLE_ID = 'promo-popup-title';
const ASK =
  'Tell us who you are and how to reach you. Our sales team will call you back with prices and samples';

/**
 * The popup container with the short enquiry form (spec section 2, "Popup"), as the page arrives:
 * closed, its form (`form`, the page's island) already inside, so that it can be typed into as
 * soon as it opens, before any of its code has arrived.
 */
export function EnquiryPopup({ form, product }: { form: ReactNode; product?: string }) {
  return (
    <DialogFrame labelledBy={TITLE_ID} className="enquiry-popup">
      <div className="enquiry-popup__intro">
        <p className="eyebrow">Wholesale &amp; bulk orders</p>
        <h2 id={TITLE_ID}>Get a quote within one business day</h2>
        <p>
          {product ? (
            <>
              {`${ASK} of `}
              <strong>{product}</strong>.
            </>
          ) : (
            `${ASK}.`
          )}
        </p>
      </div>
      {form}
    </DialogFrame>
  );
}
