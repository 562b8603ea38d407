import { useAllCardsRevealed } from '../../lib/reveal-schedule';
import { EnquiryPopup } from './enquiry-popup';
import {
  POPUP_AFTER_CARDS_MS,
  POPUP_ON_DESCRIPTION_MS,
  POPUP_RESHOW_AFTER_CLOSE_MS,
  usePromoPopup,
} from './promo-popup';

/**
 * The promotional popup as an island (spec sections 4 and 9): on the products page it waits for
 * the catalogue island's last card, then opens after 30 s and again 45 s after each close; on a
 * product's page it opens 30 s after entry, once.
 */
export default function PromoPopupIsland({ page }: { page: 'products' | 'description' }) {
  const cardsRevealed = useAllCardsRevealed();
  const onProducts = page === 'products';
  const popup = usePromoPopup({
    armed: onProducts ? cardsRevealed : true,
    firstDelayMs: onProducts ? POPUP_AFTER_CARDS_MS : POPUP_ON_DESCRIPTION_MS,
    reshowDelayMs: onProducts ? POPUP_RESHOW_AFTER_CLOSE_MS : null,
  });
  return <EnquiryPopup open={popup.open} onClose={popup.close} />;
}
