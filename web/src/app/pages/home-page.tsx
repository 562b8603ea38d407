import { FORM_PAGES } from '@contract/enquiry/enquiry';
import { FigureList } from '../../components/figure-list';
import { ArrowRightIcon } from '../../components/icons';
import { Picture } from '../../components/picture';
import { aboutCopy } from '../../content/about';
import { categories } from '../../content/catalogue';
import { testimonials } from '../../content/testimonials';
import { homeCopy } from '../../content/home';
import { pageMeta } from '../../content/pages';
import { whyUsPoints } from '../../content/why-us';
import { GeneralFaqSection } from '../../features/faq/general-faq-section';
import { usePageHead } from '../../features/seo/page-head';
import { localBusinessJsonLd } from '../../features/seo/structured-data';
import { WhyUsGrid } from '../../features/why-us/why-us-grid';
import { HOME_PATH, PRODUCTS_PATH } from '../../config/paths';
import { Island } from '../islands/island';
import './home-page.css';

export default function HomePage() {
  const { hero, aboutBanner, categoryOverview, whyUs, contact } = homeCopy;
  usePageHead({
    ...pageMeta.home,
    path: HOME_PATH,
    // The general FAQ, which this page shows too, is marked up once, on /products.
    jsonLd: [localBusinessJsonLd(pageMeta.home.description)],
  });

  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <Picture image="hero" alt="" sizes="100vw" priority className="hero__image" />
        <div className="container hero__content">
          <p className="eyebrow hero__eyebrow">
            {hero.title} · {hero.eyebrow}
          </p>
          <h1 id="hero-title" className="hero__title">
            {hero.tagline}
          </h1>
          <p className="hero__supporting">{hero.supportingLine}</p>
          <a href={hero.callToAction.href} className="button button--gold">
            {hero.callToAction.label}
          </a>
        </div>
      </section>

      <section className="section about-banner" aria-labelledby="about-banner-title">
        <div className="container about-banner__inner">
          <div>
            <p className="eyebrow">About us</p>
            <h2 id="about-banner-title">{aboutBanner.heading}</h2>
          </div>
          <div>
            {aboutBanner.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
            <a href={aboutBanner.callToAction.href} className="button button--outline">
              {aboutBanner.callToAction.label}
            </a>
          </div>
        </div>
      </section>

      <section className="section section--muted" aria-labelledby="categories-title">
        <div className="container">
          <div className="section-heading section-heading--center">
            <p className="eyebrow">Our range</p>
            <h2 id="categories-title">{categoryOverview.heading}</h2>
            <p className="lead">{categoryOverview.intro}</p>
          </div>
          <ul className="category-overview">
            {categories().map((category) => (
              <li key={category.slug} className="category-overview__item">
                <Picture
                  image={category.categoryImage}
                  alt={category.categoryImageAlt}
                  sizes="(max-width: 900px) 92vw, 360px"
                  className="category-overview__image"
                />
                <div className="category-overview__body card-text">
                  <h3>{category.categoryTitle}</h3>
                  <p>{category.categoryDescription}</p>
                  <p className="category-overview__count">{category.products.length} products</p>
                  <a href={`${PRODUCTS_PATH}#${category.slug}`} className="text-link category-overview__link">
                    Explore <span className="visually-hidden">{category.categoryTitle}</span>
                    <ArrowRightIcon size={18} />
                  </a>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section--dark" aria-labelledby="why-us-title">
        <div className="container">
          <div className="section-heading section-heading--center">
            <p className="eyebrow">Why us</p>
            <h2 id="why-us-title">{whyUs.heading}</h2>
            <p>{whyUs.intro}</p>
          </div>
          <WhyUsGrid points={whyUsPoints} />
        </div>
      </section>

      <section className="section" aria-label="Testimonials and contact">
        <div className="container home-contact">
          {/* Beside the tall form: the reviews, then the figures a buyer checks before writing. */}
          <div className="home-contact__aside">
            {/* The reviews start turning, and the form takes over, as they come into view. */}
            <Island name="testimonials" wake="visible" props={{ items: JSON.stringify(testimonials()) }} />
            <section className="home-facts" aria-labelledby="home-facts-title">
              <h2 id="home-facts-title" className="home-facts__title">
                {homeCopy.facts.heading}
              </h2>
              <FigureList figures={aboutCopy.facts} block="home-facts" />
            </section>
          </div>
          <div className="home-contact__form" id="contact">
            <h2 id="contact-title">{contact.heading}</h2>
            <p>{contact.intro}</p>
            <Island name="enquiry-form" wake="visible" props={{ id: 'home', formpage: FORM_PAGES.home }} />
          </div>
        </div>
      </section>

      <GeneralFaqSection />
    </>
  );
}
