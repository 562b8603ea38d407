import type { AboutFact } from '../content/about';

/**
 * The company's figures ("10+ years supplying human hair"), each figure large above its label;
 * `block` names the list's classes (`<block>__list`, `<block>__item`) for the page that places it.
 */
export function FigureList({ figures, block }: { figures: AboutFact[]; block: string }) {
  return (
    <dl className={`${block}__list`}>
      {figures.map((figure) => (
        <div key={figure.label} className={`${block}__item`}>
          <dt>{figure.label}</dt>
          <dd>{figure.value}</dd>
        </div>
      ))}
    </dl>
  );
}
