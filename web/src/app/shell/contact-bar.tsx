import { useLocation } from 'wouter';
import { PhoneIcon, WhatsAppIcon } from '../../components/icons';
import { site, whatsappLink, whatsappLinkWith } from '../../content/site';
import { ENQUIRY_PATH, productEnquiryPath, productPath } from '../../config/paths';
import { entryShownAt } from '../../features/catalogue/catalogue-index';
import type { Product } from '../../content/types';

/**
 * The chat's first message from a product's page: it names the product and its address, so sales
 * knows at once what the buyer is looking at.
 */
const productChatLink = (product: Product) =>
  whatsappLinkWith(
    site.whatsapp.productMessage(product.productName, `${site.siteUrl}${productPath(product.slug)}`),
  );

/**
 * The floating chat-app button, fixed bottom-right on every page (its own landmark). On a laptop it
 * floats alone. On a phone it ends a bar along the bottom edge that also holds the two other ways a
 * buyer starts an order, a quote and a call; the page keeps the bar's height free below its own
 * end, so nothing stays hidden under it.
 */
export function ContactBar() {
  const [location] = useLocation();
  // On a product's page the quote and the chat both start from that product; elsewhere from nothing.
  const product = entryShownAt(location)?.product;
  return (
    <aside aria-label="Contact us" className="contact-bar">
      <a
        href={product ? productEnquiryPath(product.slug) : ENQUIRY_PATH}
        className="contact-bar__action contact-bar__action--quote"
        aria-current={location === ENQUIRY_PATH ? 'page' : undefined}
      >
        Get a quote
      </a>
      <a
        href={`tel:${site.phone.e164}`}
        className="contact-bar__action contact-bar__action--call"
        aria-label={`Call ${site.phone.display}`}
      >
        <PhoneIcon size={18} />
        Call
      </a>
      <a
        className="chat-button"
        href={product ? productChatLink(product) : whatsappLink()}
        target="_blank"
        rel="noopener noreferrer"
        aria-label="Chat with us on WhatsApp (opens in a new tab)"
      >
        <WhatsAppIcon size={30} />
        <span className="chat-button__label">WhatsApp</span>
      </a>
    </aside>
  );
}
