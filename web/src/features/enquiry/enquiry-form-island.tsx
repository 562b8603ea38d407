import type { FormPage } from '@contract/enquiry';
import { EnquiryFormSlot } from './enquiry-form-slot';

/** A page's enquiry form, as an island: the full form unless `short` (see enquiry-form-slot.tsx). */
export default function EnquiryFormIsland(props: { id: string; formpage?: FormPage; short?: boolean }) {
  return <EnquiryFormSlot {...props} />;
}
