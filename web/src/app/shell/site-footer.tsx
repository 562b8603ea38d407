import { InstagramIcon, MailIcon, PhoneIcon, WhatsAppIcon, XIcon, YouTubeIcon } from '../../components/icons';
import { EmailLink, PhoneLink } from '../../components/contact-links';
import { Logo } from '../../components/logo';
import { placeLine, site, whatsappLink } from '../../content/site';
import { ABOUT_PATH, ENQUIRY_PATH, PRIVACY_PATH, PRODUCTS_PATH, TERMS_PATH } from '../../config/paths';

/** The owner's profiles (an empty one is left out) and the WhatsApp chat. */
const socialLinks = () =>
  [
    { href: site.social.x, label: 'X (Twitter)', Icon: XIcon },
    { href: site.social.youtube, label: 'YouTube', Icon: YouTubeIcon },
    { href: site.social.instagram, label: 'Instagram', Icon: InstagramIcon },
    { href: whatsappLink(), label: 'WhatsApp', Icon: WhatsAppIcon },
  ].filter((link) => link.href);

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__brand">
          <Logo className="site-footer__logo" />
          <p>{site.tagline}</p>
          <ul className="site-footer__social" aria-label="Follow us">
            {socialLinks().map(({ href, label, Icon }) => (
              <li key={label}>
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`${label} (opens in a new tab)`}
                >
                  <Icon size={20} />
                </a>
              </li>
            ))}
          </ul>
        </div>
        <nav className="site-footer__column" aria-labelledby="footer-company">
          <h2 id="footer-company" className="site-footer__heading">
            Company
          </h2>
          <ul>
            <li>
              <a href={ABOUT_PATH}>About</a>
            </li>
            <li>
              <a href={PRODUCTS_PATH}>Products</a>
            </li>
          </ul>
        </nav>
        <nav className="site-footer__column" aria-labelledby="footer-help">
          <h2 id="footer-help" className="site-footer__heading">
            Help
          </h2>
          <ul>
            <li>
              <a href={ENQUIRY_PATH}>Customer Support</a>
            </li>
            <li>
              <a href={TERMS_PATH} target="_blank" rel="noopener">
                Terms &amp; Conditions <span className="visually-hidden">(opens in a new tab)</span>
              </a>
            </li>
            <li>
              <a href={PRIVACY_PATH} target="_blank" rel="noopener">
                Privacy Policy <span className="visually-hidden">(opens in a new tab)</span>
              </a>
            </li>
          </ul>
        </nav>
        <div className="site-footer__column">
          <h2 className="site-footer__heading">Contact</h2>
          <ul>
            <li>
              <PhoneLink className="site-footer__contact">
                <PhoneIcon size={18} />
              </PhoneLink>
            </li>
            <li>
              <EmailLink className="site-footer__contact">
                <MailIcon size={18} />
              </EmailLink>
            </li>
            <li className="site-footer__address">{placeLine}</li>
          </ul>
        </div>
      </div>
      {/* The rule above the copyright spans the content's width, not the container's padding. */}
      <div className="container">
        <p className="site-footer__bottom">
          © {__BUILD_YEAR__} {site.companyName}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
