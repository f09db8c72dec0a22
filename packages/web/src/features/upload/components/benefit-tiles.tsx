import type { ReactNode } from 'react';
import { ClockIcon, LinkIcon, ShieldIcon, UploadIcon } from '../../../components/ui/icons';

interface Benefit {
  icon: ReactNode;
  title: string;
  text: string;
}

export interface BenefitTilesProps {
  /** "5GB" or "100GB": the limit of the person looking. */
  maxLabel: string;
  /** "24 hours" or "30 days": how long their files are kept. */
  retention: string;
  /** A premium account is signed in, so "no login" would describe someone else's limit. */
  isPremium?: boolean;
}

/** The four promises of the home page, true for the person looking. */
export function BenefitTiles({ maxLabel, retention, isPremium = false }: BenefitTilesProps) {
  const benefits: Benefit[] = [
    isPremium
      ? {
          icon: <UploadIcon />,
          title: `Up to ${maxLabel} with Premium`,
          text: `Upload files up to ${maxLabel}, kept for up to ${retention}.`,
        }
      : {
          icon: <UploadIcon />,
          title: `Up to ${maxLabel}, no login`,
          text: `Upload files up to ${maxLabel} without creating an account.`,
        },
    {
      icon: <LinkIcon />,
      title: 'Instant tiny URLs',
      text: 'A short link is ready the moment your upload starts.',
    },
    {
      icon: <ShieldIcon />,
      title: 'Secure & private',
      text: 'No tracking, no ads. Encryption happens in your browser.',
    },
    {
      icon: <ClockIcon />,
      title: 'Background upload',
      text: 'Share while it uploads and follow real-time progress.',
    },
  ];
  return (
    <ul className="sd-home-benefits" aria-label="Why Sealdrop">
      {benefits.map((benefit) => (
        <li key={benefit.title} className="sd-home-benefit">
          <span className="sd-home-benefit__icon">{benefit.icon}</span>
          <h3 className="sd-home-benefit__title">{benefit.title}</h3>
          <p className="sd-home-benefit__text">{benefit.text}</p>
        </li>
      ))}
    </ul>
  );
}
