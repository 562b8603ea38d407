import { TextWithContacts } from '../../components/contact-links';
import type { LegalDocument } from '../../content/types';
import './pages.css';

/** "2025-01-01" → "1 January 2025", the same on the server and in every browser. */
const longDate = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** The privacy policy and the terms share one layout. */
export function LegalDocumentView({ document }: { document: LegalDocument }) {
  return (
    <>
      <section className="page-hero">
        <div className="container">
          <h1>{document.title}</h1>
          <p className="legal__updated">
            Last updated{' '}
            <time dateTime={document.lastUpdated}>
              {longDate.format(new Date(`${document.lastUpdated}T00:00:00Z`))}
            </time>
          </p>
        </div>
      </section>
      <div className="section">
        {/* Lines of 60 to 80 characters: the measure a long text is read in. */}
        <div className="container">
          <div className="legal">
            <p className="legal__intro">{document.intro}</p>
            {document.sections.map((section) => (
              <section key={section.heading} className="legal__section">
                <h2>{section.heading}</h2>
                {section.paragraphs.map((paragraph) => (
                  <p key={paragraph}>
                    <TextWithContacts text={paragraph} />
                  </p>
                ))}
                {section.list ? (
                  <ul>
                    {section.list.map((item) => (
                      <li key={item}>{item}</li>
                    ))}
                  </ul>
                ) : null}
              </section>
            ))}
          </div>
        </div>
      </div>
    </>
  );
}
