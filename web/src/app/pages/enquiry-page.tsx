import { FORM_PAGES } from '@contract/enquiry/enquiry';
import { EmailLink, PhoneLink } from '../../components/contact-links';
import { OrderSteps } from '../../components/order-steps';
import { TradeTermsSection } from '../../components/trade-terms';
import { enquiryPageCopy } from '../../content/enquiry-page';
import { orderSteps, trustFacts } from '../../content/ordering';
import { pageMeta } from '../../content/pages';
import { placeLine } from '../../content/site';
import { siteFacts } from '../../content/site-content';
import { usePageHead } from '../../features/seo/page-head';
import { ENQUIRY_PATH } from '../../config/paths';
import { categories } from '../../content/catalogue';
import { offeredProductsProp } from '../../features/enquiry/request-lines-part';
import { Island } from '../islands/island';
import './pages.css';

/** What the form's "What do you need" lines offer: every product, by the owner's name and lengths. */
function enquiryProducts(): string {
  return offeredProductsProp(
    categories().flatMap((category) =>
      category.products.map((product) => ({
        slug: product.slug,
        name: product.productName,
        lengths: product.facts.length,
      })),
    ),
  );
}

export default function EnquiryPage() {
  usePageHead({ ...pageMeta.enquiry, path: ENQUIRY_PATH });
  return (
    <>
      <section className="page-hero page-hero--compact">
        <div className="container">
          <p className="eyebrow">Bulk or retail</p>
          <h1>{enquiryPageCopy.heading}</h1>
          <p className="lead">{enquiryPageCopy.intro}</p>
        </div>
      </section>
      {/* A visitor who came to enquire sees the form's first field without scrolling, on a phone
          as on a laptop; what happens next and the other ways to reach us sit beside it. */}
      <section className="section enquiry-section" aria-label="Enquiry form">
        <div className="container enquiry-layout">
          <div className="enquiry-layout__form">
            {/* The visitor came to enquire: the form takes over as soon as the page is painted. */}
            {/* The catalogue's products travel with the form (a quote button's ?product= picks one). */}
            <Island
              name="enquiry-form"
              wake="load"
              props={{ id: 'enquiry', formpage: FORM_PAGES.enquiry, products: enquiryProducts() }}
            />
          </div>
          <div className="enquiry-layout__aside">
            <OrderSteps steps={orderSteps} title="What happens next" facts={trustFacts} />
            <TradeTermsSection className="enquiry-layout__terms" />
            <aside className="enquiry-layout__contact" aria-labelledby="enquiry-direct">
              <h2 id="enquiry-direct">Prefer to talk?</h2>
              <p>Call or write to our sales team directly: {siteFacts().businessHours}.</p>
              <p>
                <PhoneLink />
                <br />
                <EmailLink />
              </p>
              <p className="enquiry-layout__address">{placeLine}</p>
            </aside>
          </div>
        </div>
      </section>
    </>
  );
}
