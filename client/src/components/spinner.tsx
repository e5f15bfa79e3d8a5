interface SpinnerProps {
  label?: string;
  size?: 'sm' | 'md' | 'lg';
}

export function Spinner({ label = 'Loading…', size = 'md' }: SpinnerProps) {
  return (
    <span className={`spinner spinner--${size}`}>
      <span className="spinner__circle" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

/** Centred spinner used while a whole page waits for its data. */
export function PageLoader({ label }: { label?: string }) {
  return (
    <div className="page-loader" aria-busy="true" data-testid="page-loader">
      <Spinner size="lg" label={label} />
    </div>
  );
}
