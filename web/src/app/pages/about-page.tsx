import { OrderSteps } from '../../components/order-steps';
import { Picture } from '../../components/picture';
import { aboutCopy } from '../../content/about';
import { orderSteps } from '../../content/ordering';
import { pageMeta } from '../../content/pages';
import { usePageHead } from '../../features/seo/page-head';
import { localBusinessJsonLd } from '../../features/seo/structured-data';
import { ABOUT_PATH } from '../../config/paths';
import './pages.css';
import './about-page.css';

export default function AboutPage() {
  usePageHead({
    ...pageMeta.about,
    path: ABOUT_PATH,
    jsonLd: [localBusinessJsonLd(pageMeta.about.description)],
  });
  const { heading, lead, sections, facts, callToAction } = aboutCopy;
  return (
    <>
      <section className="page-hero">
        <div className="container page-hero__split">
          <div>
            <p className="eyebrow">Our story</p>
            <h1>{heading}</h1>
            <p className="lead">{lead}</p>
          </div>
          <OrderSteps steps={orderSteps} title="How an order works" />
        </div>
      </section>

      <section className="section about-facts" aria-label="At a glance">
        <div className="container">
          <dl className="about-facts__list">
            {facts.map((fact) => (
              <div key={fact.label} className="about-facts__item">
                <dt>{fact.label}</dt>
                <dd>{fact.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      {sections.map((section, index) => (
        <section key={section.heading} className={index % 2 ? 'section section--muted' : 'section'}>
          <div className="container about-section">
            <h2>{section.heading}</h2>
            <div>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
              {index === 0 ? (
                <Picture
                  image="about"
                  alt="Illustration of bundles of human hair before a South Indian temple tower drawn in gold"
                  sizes="(max-width: 900px) 92vw, 640px"
                  className="about-section__image"
                />
              ) : null}
              {section.steps ? (
                <ol className="about-steps">
                  {section.steps.map((step) => (
                    <li key={step.title} className="about-steps__item">
                      <h3>{step.title}</h3>
                      <p>{step.text}</p>
                    </li>
                  ))}
                </ol>
              ) : null}
            </div>
          </div>
        </section>
      ))}

      <section className="section section--dark">
        <div className="container about-cta">
          <p>{callToAction.text}</p>
          <a href={callToAction.href} className="button button--gold">
            {callToAction.label}
          </a>
        </div>
      </section>
    </>
  );
}
