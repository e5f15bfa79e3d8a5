interface PaginationProps {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  disabled?: boolean;
}

export function Pagination({ page, totalPages, onPageChange, disabled = false }: PaginationProps) {
  return (
    <nav className="pagination" aria-label="Media pages" data-testid="media-pagination">
      <button
        type="button"
        className="button button--ghost button--sm"
        onClick={() => onPageChange(page - 1)}
        disabled={disabled || page <= 1}
        data-testid="media-page-prev"
      >
        Previous
      </button>
      <span className="pagination__label" aria-live="polite" data-testid="media-page-label">
        Page {page} of {totalPages}
      </span>
      <button
        type="button"
        className="button button--ghost button--sm"
        onClick={() => onPageChange(page + 1)}
        disabled={disabled || page >= totalPages}
        data-testid="media-page-next"
      >
        Next
      </button>
    </nav>
  );
}
