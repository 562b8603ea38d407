import type { LegalDocument } from '../../content/types';
import './pages.css';

/** The privacy policy and the terms share one layout. */
export function LegalDocumentView({ document }: { document: LegalDocument }) {
  return (
    <>
      <section className="page-hero">
        <div className="container">
          <h1>{document.title}</h1>
          <p className="lead">{document.updated}</p>
        </div>
      </section>
      <div className="section">
        <div className="container legal">
          <p className="legal__intro">{document.intro}</p>
          {document.sections.map((section) => (
            <section key={section.heading} className="legal__section">
              <h2>{section.heading}</h2>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
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
    </>
  );
}
