import type { ComponentType, SVGProps } from 'react';
import {
  DurableIcon,
  EthicalIcon,
  QualityIcon,
  ReliableIcon,
  SustainableIcon,
  VarietyIcon,
} from '../../components/icons';
import type { WhyUsIcon, WhyUsPoint } from '../../content/types';
import './why-us.css';

const ICONS: Record<WhyUsIcon, ComponentType<SVGProps<SVGSVGElement> & { size?: number }>> = {
  quality: QualityIcon,
  ethical: EthicalIcon,
  sustainable: SustainableIcon,
  durable: DurableIcon,
  variety: VarietyIcon,
  reliable: ReliableIcon,
};

export function WhyUsGrid({ points }: { points: WhyUsPoint[] }) {
  return (
    <ul className="why-us">
      {points.map((point) => {
        const Icon = ICONS[point.icon];
        return (
          <li key={point.title} className="why-us__item card-text">
            <span className="why-us__icon">
              <Icon size={28} />
            </span>
            <h3 className="why-us__title">{point.title}</h3>
            <p className="why-us__text">{point.text}</p>
          </li>
        );
      })}
    </ul>
  );
}
