import { FORM_PAGES } from '@contract/enquiry';
import { OrderSteps } from '../../components/order-steps';
import { enquiryPageCopy } from '../../content/enquiry-page';
import { orderSteps, trustFacts } from '../../content/ordering';
import { pageMeta } from '../../content/pages';
import { site } from '../../content/site';
import { usePageHead } from '../../features/seo/page-head';
import { ENQUIRY_PATH } from '../../config/paths';
import { Island } from '../islands/island';
import './pages.css';

export default function EnquiryPage() {
  usePageHead({ ...pageMeta.enquiry, path: ENQUIRY_PATH });
  return (
    <>
      <section className="page-hero">
        <div className="container page-hero__split">
          <div>
            <p className="eyebrow">Bulk or retail</p>
            <h1>{enquiryPageCopy.heading}</h1>
            <p className="lead">{enquiryPageCopy.intro}</p>
          </div>
          <OrderSteps
            steps={orderSteps}
            title="What happens next"
            facts={trustFacts}
            className="order-steps--brief-on-phones"
          />
        </div>
      </section>
      <section className="section" aria-label="Enquiry form">
        <div className="container enquiry-layout">
          <div className="enquiry-layout__form">
            {/* The visitor came to enquire: the form takes over as soon as the page is painted. */}
            <Island name="enquiry-form" wake="load" props={{ id: 'enquiry', formpage: FORM_PAGES.enquiry }} />
          </div>
          <aside className="enquiry-layout__contact" aria-labelledby="enquiry-direct">
            <h2 id="enquiry-direct">Prefer to talk?</h2>
            <p>Call or write to our sales team directly, Monday to Saturday.</p>
            <p>
              <a href={`tel:${site.phone.e164}`}>{site.phone.display}</a>
              <br />
              <a href={`mailto:${site.email}`}>{site.email}</a>
            </p>
            <p className="enquiry-layout__address">
              {site.address.locality}, {site.address.region}, {site.address.countryName}
            </p>
          </aside>
        </div>
      </section>
    </>
  );
}
