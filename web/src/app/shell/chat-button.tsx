import { WhatsAppIcon } from '../../components/icons';
import { whatsappLink } from '../../content/site';

/**
 * The floating chat-app button, fixed bottom-right on every page (its own landmark). On phones it
 * sits in a strip of its own along the bottom edge, with room kept for it, so it never covers a field.
 */
export function ChatButton() {
  return (
    <aside aria-label="Chat" className="chat-dock">
      <a
        className="chat-button"
        href={whatsappLink}
        target="_blank"
        rel="noopener noreferrer"
        aria-label="Chat with us on WhatsApp (opens in a new tab)"
      >
        <WhatsAppIcon size={30} />
      </a>
    </aside>
  );
}
