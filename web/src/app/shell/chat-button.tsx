import { WhatsAppIcon } from '../../components/icons';
import { whatsappLink } from '../../content/site';

/** The floating chat-app button, fixed bottom-right on every page. */
export function ChatButton() {
  return (
    <a
      className="chat-button"
      href={whatsappLink}
      target="_blank"
      rel="noopener noreferrer"
      aria-label="Chat with us on WhatsApp (opens in a new tab)"
    >
      <WhatsAppIcon size={30} />
    </a>
  );
}
