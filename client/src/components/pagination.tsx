interface PaginationProps {
  /** Names the list for screen readers ("Media pages") and prefixes the test ids ("media"). */
  label: string;
  testIdPrefix: string;
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  disabled?: boolean;
}

/** Previous / Page n of m / Next under a paged list. */
export function Pagination({ label, testIdPrefix, page, totalPages, onPageChange, disabled = false }: PaginationProps) {
  return (
    <nav className="pagination" aria-label={label} data-testid={`${testIdPrefix}-pagination`}>
      <button
        type="button"
        className="button button--ghost button--sm"
        onClick={() => onPageChange(page - 1)}
        disabled={disabled || page <= 1}
        data-testid={`${testIdPrefix}-page-prev`}
      >
        Previous
      </button>
      <span className="pagination__label" aria-live="polite" data-testid={`${testIdPrefix}-page-label`}>
        Page {page} of {totalPages}
      </span>
      <button
        type="button"
        className="button button--ghost button--sm"
        onClick={() => onPageChange(page + 1)}
        disabled={disabled || page >= totalPages}
        data-testid={`${testIdPrefix}-page-next`}
      >
        Next
      </button>
    </nav>
  );
}
