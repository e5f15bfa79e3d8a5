interface LogoProps {
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

/** Pagecast mark (a play triangle on a page) and wordmark. */
export function Logo({ size = 'md', className }: LogoProps) {
  const px = size === 'lg' ? 40 : size === 'sm' ? 24 : 32;
  return (
    <span className={['logo', `logo--${size}`, className].filter(Boolean).join(' ')}>
      <svg width={px} height={px} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="#3b5bdb" />
        <path d="M12 9.5v13l10.5-6.5z" fill="#fff" />
      </svg>
      <span className="logo__text">Pagecast</span>
    </span>
  );
}
