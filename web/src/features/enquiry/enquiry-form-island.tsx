/** A page's enquiry form, as an island (see enquiry-form-slot.tsx): the slot itself, no wrapper. */
export { EnquiryFormSlot as default } from './enquiry-form-slot';
