/**
 * The WhatsApp message templates the alerts use, as they must be registered with Meta (WhatsApp
 * Manager → Message templates, category Utility, language English): the name, the language, the
 * body word for word with its numbered parameters. A business may only start a conversation with
 * an approved template, so these texts are a contract with Meta: the README gives them, the local
 * stand-in (scripts/lib/whatsapp-stand-in.ts) accepts exactly them, and the functions fill them.
 */

export type WhatsAppTemplate = {
  name: string;
  language: string;
  /** The body as registered, parameters as {{1}}, {{2}} … */
  body: string;
  /** What each parameter is, in order, for the README and for people reading a refusal. */
  parameters: readonly string[];
};

/** One enquiry admitted for its own sales email: who, what, where, and one tap to it. */
export const ENQUIRY_ALERT_TEMPLATE: WhatsAppTemplate = {
  name: 'new_enquiry_alert',
  language: 'en',
  body: 'New {{1}} from {{2}} ({{3}}), {{4}}. Phone: {{5}}. Open it in the sales inbox: {{6}} (reference {{7}})',
  parameters: [
    'the form: "full enquiry" or "popup enquiry"',
    "the buyer's name",
    'order type (full form) or business (popup)',
    'city (the popup asks none: "city not given")',
    "the buyer's phone as their country writes it, +91 98765 43210 or +1 212 555 0100 (for a number its country's plan does not have, only why: not a valid number for India)",
    "the inbox's link to the enquiry, https://<site>/inbox/<collection>/<id>",
    "the enquiry's reference, SME-4F7K-2QXM (the one the buyer was given)",
  ],
};

/** One line per hourly digest: held enquiries are not alerted one by one. */
export const DIGEST_ALERT_TEMPLATE: WhatsAppTemplate = {
  name: 'held_enquiries_digest',
  language: 'en',
  body: '{{1}} enquiries were held back this hour; the digest email has them all.',
  parameters: ['how many enquiries the digest email lists'],
};

export const WHATSAPP_TEMPLATES: readonly WhatsAppTemplate[] = [
  ENQUIRY_ALERT_TEMPLATE,
  DIGEST_ALERT_TEMPLATE,
];

/** The body a phone shows: the template with its parameters in place. */
export function renderTemplate(template: WhatsAppTemplate, parameters: readonly string[]): string {
  return template.body.replace(/\{\{(\d+)\}\}/g, (_, index: string) => parameters[Number(index) - 1] ?? '');
}
