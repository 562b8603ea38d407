/**
 * The privacy policy and the terms and conditions, shown on /privacy-policy and /terms-conditions.
 * OWNER: have both read by your legal adviser before launch; the retention period and the
 * defect-claim window are business decisions to confirm. Each text's `lastUpdated` is the day it
 * last changed (YYYY-MM-DD), shown under its title: set it when your adviser approves the text,
 * and again whenever you change it.
 */
import { retentionText } from '@contract/enquiry/retention';
import { site } from './site';
import type { LegalDocument } from './types';

const businessAddress = () =>
  `${site.legalName}, ${site.address.streetAddress}, ${site.address.locality} ${site.address.postalCode}, ${site.address.region}, ${site.address.countryName}`;

/** The policy with the owner's current contact details (site-content.ts). */
export const privacyPolicy = (): LegalDocument => ({
  title: 'Privacy Policy',
  lastUpdated: '2025-01-01', // PLACEHOLDER
  intro: `This policy explains what personal information ${site.companyName} (“we”, “us”) collects through this website, why we collect it and how we look after it. By sending an enquiry you agree to the use of your information as described here.`,
  sections: [
    {
      heading: 'Information we collect',
      paragraphs: ['We collect only what you type into our enquiry forms. The enquiry form asks for:'],
      list: [
        'your full name',
        'your email address',
        'your phone number',
        'your city',
        'a message describing what you need',
        'your company name, if you choose to give it',
        'your order type, for example bulk or retail',
      ],
    },
    {
      heading: 'The short enquiry form',
      paragraphs: [
        'The short form that opens over some pages asks only for your full name, email address, phone number and business type, for example wholesaler, distributor or salon retailer.',
      ],
    },
    {
      heading: 'Information recorded automatically',
      paragraphs: [
        'With each enquiry we record the date and time it was sent, taken from your device, and the page the form was on. We do not use analytics or advertising trackers.',
        'We also record where your visit began, sent with your enquiry and with nothing else: the first page of this website you opened, the website whose link brought you there, and any campaign tags in that link (utm_source, utm_medium and utm_campaign), kept meanwhile in your browser’s session storage, which your browser deletes when you close the tab.',
      ],
    },
    {
      heading: 'How we use your information',
      paragraphs: ['We use the information you give us to:'],
      list: [
        'answer your enquiry and prepare quotations',
        'follow up on your enquiry and on any order you place',
        'send you periodic emails or calls about our products, which you can ask us to stop at any time',
        'improve our website and the way we respond to buyers',
      ],
    },
    {
      heading: 'Data security',
      paragraphs: [
        'Enquiries travel over an encrypted (HTTPS) connection and are stored in a database that visitors to the site cannot read. Only our sales team can see them. No method of storage or transmission is completely secure, but we take reasonable care to protect your information.',
      ],
    },
    {
      heading: 'Cookies and browser storage',
      paragraphs: [
        'This website uses no tracking or advertising cookies.',
        'While you fill in an enquiry form, the site keeps a draft of what you have typed in your browser’s session storage, so it is not lost if you move to another page. The draft never leaves your device until you send the enquiry, it is cleared once the enquiry is sent, and your browser deletes it when you close the tab.',
      ],
    },
    {
      heading: 'Sharing your information',
      paragraphs: [
        'We do not sell, trade or rent your personal information to third parties, and we do not share it with anyone else without your consent, except where the law requires us to.',
        'We use trusted service providers to run the site. Google Firebase hosts this website and stores the enquiries you send, and an email service delivers each enquiry to our sales team. They handle your information only on our behalf.',
      ],
    },
    {
      heading: 'How long we keep your information',
      paragraphs: [
        `We keep an enquiry for as long as we need it to answer you and follow up on any order, and for no more than ${retentionText(__ENQUIRY_RETENTION_DAYS__)} after our last contact with you, unless the law requires us to keep it longer. After that it is deleted automatically.`,
      ],
    },
    {
      heading: 'Your rights',
      paragraphs: [
        `You may ask to see the information we hold about you (we send you a copy of every enquiry you made), to correct it, or to have it deleted. Write to us at ${site.email} from the email address, or naming the phone number, you gave us, and we will respond within 30 days. You may also ask us at any time to stop sending you emails or calling you.`,
      ],
    },
    {
      heading: 'Changes to this policy',
      paragraphs: [
        'We may update this policy from time to time. Changes take effect when they are posted on this page, and the date at the top shows when it was last updated.',
      ],
    },
    {
      heading: 'Contact us',
      paragraphs: [
        `For any question about this policy or your information, email ${site.email} or call ${site.phone.display}.`,
        `${businessAddress()}.`,
      ],
    },
  ],
});

/** The terms with the owner's current contact details (site-content.ts). */
export const termsAndConditions = (): LegalDocument => ({
  title: 'Terms and Conditions',
  lastUpdated: '2025-01-01', // PLACEHOLDER
  intro: `These terms apply to your use of the ${site.companyName} website. By using the site or sending an enquiry, you accept them. If you do not agree, please do not use the site.`,
  sections: [
    {
      heading: 'Use of this website',
      paragraphs: [
        'This website presents our products and lets businesses and individuals send us enquiries. You may use it for lawful purposes only.',
        'You must not misuse the site: for example, by sending false or automated enquiries, trying to gain access to systems or data you are not allowed to see, or interfering with the site’s operation.',
      ],
    },
    {
      heading: 'Product information',
      paragraphs: [
        'We describe our products as accurately as we can. Human hair is a natural material, so colour, texture and length vary slightly from lot to lot, and illustrations on this site show the type of product, not a specific lot.',
        'Product information, availability and specifications are subject to change without notice.',
      ],
    },
    {
      heading: 'Pricing and quotations',
      paragraphs: [
        'The website does not show prices and is not a shop. Pricing, minimum order quantities, payment terms and lead times are available on request and are set out in a written quotation. An order is binding only once we have confirmed it in writing.',
      ],
    },
    {
      heading: 'Intellectual property',
      paragraphs: [
        `All content on this website, including text, illustrations, logos and design, belongs to ${site.companyName} or is used with permission, and is protected by intellectual property law. You may not copy, reproduce or republish it without our written permission.`,
      ],
    },
    {
      heading: 'Enquiries and communication',
      paragraphs: [
        'When you send an enquiry and accept these terms, you consent to us contacting you by email, phone or messaging app about your enquiry, and from time to time about our products. You can ask us to stop at any time.',
        'How we handle the information you send is described in our Privacy Policy.',
      ],
    },
    {
      heading: 'Links to third-party sites',
      paragraphs: [
        'The site links to services we do not control, such as WhatsApp for chat and our social media pages. Their own terms and privacy policies apply when you use them, and we are not responsible for their content or practices.',
      ],
    },
    {
      heading: 'Limitation of liability',
      paragraphs: [
        'The website is provided “as is”. We do our best to keep it accurate and available, but we do not warrant that it will be free of errors or interruptions.',
        'To the extent the law allows, we are not liable for any indirect or consequential loss arising from your use of the site or your reliance on its content. Nothing in these terms limits liability that cannot be limited by law.',
      ],
    },
    {
      heading: 'Governing law and jurisdiction',
      paragraphs: [
        'These terms are governed by the laws of India. Any dispute arising from them or from your use of the site is subject to the exclusive jurisdiction of the courts of Coimbatore, Tamil Nadu.',
      ],
    },
    {
      heading: 'Changes to these terms',
      paragraphs: [
        'We may change these terms from time to time. The version posted on this page applies from the date shown at the top.',
      ],
    },
    {
      heading: 'Contact us',
      paragraphs: [
        `For any question about these terms, email ${site.email} or call ${site.phone.display}.`,
        `${businessAddress()}.`,
      ],
    },
  ],
});
