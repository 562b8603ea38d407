import { FigureList } from '../../components/figure-list';
import { OrderSteps } from '../../components/order-steps';
import { Picture } from '../../components/picture';
import { aboutCopy, type AboutSection } from '../../content/about';
import { orderSteps } from '../../content/ordering';
import { pageMeta } from '../../content/pages';
import { usePageHead } from '../../features/seo/page-head';
import { localBusinessJsonLd } from '../../features/seo/structured-data';
import { ABOUT_PATH } from '../../config/paths';
import './pages.css';
import './about-page.css';

/**
 * On a laptop no column is left empty beside a short heading: text beside its picture, a heading
 * beside its text, or the heading over steps that run across the page.
 */
function sectionLayout(section: AboutSection): 'media' | 'split' | 'stacked' {
  if (section.image) return 'media';
  return section.steps ? 'stacked' : 'split';
}

export default function AboutPage() {
  usePageHead({
    ...pageMeta.about,
    path: ABOUT_PATH,
    jsonLd: [localBusinessJsonLd(pageMeta.about.description)],
  });
  const { heading, lead, sections, facts, callToAction } = aboutCopy;
  return (
    <>
      {/* The story and its figures open the page as one block: a tall tablet's first screen shows
          both and the section after them (renderer/critical-path.ts inlines three blocks). */}
      <div>
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
            <FigureList figures={facts} block="about-facts" />
          </div>
        </section>
      </div>

      {sections.map((section, index) => (
        <section key={section.heading} className={index % 2 ? 'section section--muted' : 'section'}>
          <div className={`container about-section about-section--${sectionLayout(section)}`}>
            <h2 className="about-section__title">{section.heading}</h2>
            <div className="about-section__body">
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </div>
            {section.image ? (
              <Picture
                image={section.image.key}
                alt={section.image.alt}
                sizes="(max-width: 900px) 92vw, 540px"
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
        </section>
      ))}

      <section className="section about-closing">
        <div className="container">
          <div className="cta-card">
            <p>{callToAction.text}</p>
            <a href={callToAction.href} className="button button--gold">
              {callToAction.label}
            </a>
          </div>
        </div>
      </section>
    </>
  );
}
