import type { FormPage } from '@contract/enquiry';
import { EnquiryFormSlot } from './enquiry-form-slot';

/** A page's enquiry form, as an island (see enquiry-form-slot.tsx). */
export default function EnquiryFormIsland(props: { id: string; formpage?: FormPage }) {
  return <EnquiryFormSlot {...props} />;
}
