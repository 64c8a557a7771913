import { AlertIcon, CloseIcon } from './Icons.js';

/** The spec's three banner kinds. */
export type BannerType = 'info' | 'success' | 'error';

interface StatusBannerProps {
  type: BannerType;
  message: string;
  hint?: string | undefined;
  /** A page that says more (opened in a new tab). */
  link?: { href: string; label: string } | undefined;
  onDismiss?: () => void;
}

/** A one-line message above the content; errors are announced at once, the rest politely. */
export function StatusBanner({ type, message, hint, link, onDismiss }: StatusBannerProps) {
  return (
    <div className={`status-banner status-banner-${type}`} role={type === 'error' ? 'alert' : 'status'}
      data-testid="status-banner" data-type={type}>
      {type === 'error' && <AlertIcon width={18} height={18} className="status-banner-icon" />}
      <p className="status-banner-text">
        <span data-testid="status-banner-message">{message}</span>
        {hint && <span className="status-banner-hint"> {hint}</span>}
        {link && <> <a href={link.href} target="_blank" rel="noreferrer" data-testid="status-banner-link">{link.label}</a></>}
      </p>
      {onDismiss && (
        <button type="button" className="icon-button" onClick={onDismiss} aria-label="Dismiss" data-testid="status-banner-dismiss">
          <CloseIcon width={16} height={16} />
        </button>
      )}
    </div>
  );
}
