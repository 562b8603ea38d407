import { useId } from 'react';
import { Dialog } from '../../components/dialog';
import { EnquiryFormSlot } from './enquiry-form-slot';
import './enquiry-popup.css';

/** The popup container with the short enquiry form (spec section 2, "Popup"). */
export function EnquiryPopup({ open, onClose }: { open: boolean; onClose: () => void }) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} labelledBy={titleId} className="enquiry-popup">
      <div className="enquiry-popup__intro">
        <p className="eyebrow">Wholesale &amp; bulk orders</p>
        <h2 id={titleId}>Get a quote within one business day</h2>
        <p>
          Tell us who you are and how to reach you. Our sales team will call you back with prices and samples.
        </p>
      </div>
      <EnquiryFormSlot short id="popup" />
    </Dialog>
  );
}
