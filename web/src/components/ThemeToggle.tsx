import type { ReactNode, SVGProps } from 'react';
import { THEME_CHOICES, type ThemeChoice } from '../theme/theme.js';
import { useThemeChoice } from '../theme/use-theme.js';

type IconProps = SVGProps<SVGSVGElement>;
const icon: IconProps = {
  width: 16, height: 16, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor',
  strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round', 'aria-hidden': true, focusable: false,
};

const OPTIONS: Record<ThemeChoice, { label: string; icon: ReactNode }> = {
  light: {
    label: 'Light theme',
    icon: (
      <svg {...icon}>
        <circle cx="12" cy="12" r="4" />
        <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
      </svg>
    ),
  },
  dark: {
    label: 'Dark theme',
    icon: <svg {...icon}><path d="M20.5 14.5A8.5 8.5 0 1 1 9.5 3.5a7 7 0 0 0 11 11Z" /></svg>,
  },
  system: {
    label: 'Theme of the system',
    icon: (
      <svg {...icon}>
        <rect x="3" y="4" width="18" height="12" rx="2" />
        <path d="M8 20h8M12 16v4" />
      </svg>
    ),
  },
};

/**
 * Light, dark, or the system's theme: three buttons side by side, the chosen one pressed, so
 * the way back to following the system is always in view.
 */
export function ThemeToggle() {
  const [choice, setChoice] = useThemeChoice();
  return (
    <div className="theme-toggle" role="group" aria-label="Colour theme" data-testid="theme-toggle">
      {THEME_CHOICES.map((c) => (
        <button key={c} type="button" className="theme-option" aria-pressed={choice === c}
          aria-label={OPTIONS[c].label} title={OPTIONS[c].label} onClick={() => setChoice(c)}
          data-testid={`theme-${c}`}>
          {OPTIONS[c].icon}
        </button>
      ))}
    </div>
  );
}
