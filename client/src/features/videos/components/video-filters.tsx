import { useId } from 'react';

export const RENDER_STATUS_FILTERS = [
  { value: '', label: 'Any status' },
  { value: 'draft', label: 'Draft' },
  { value: 'rendering', label: 'Rendering' },
  { value: 'rendered', label: 'Rendered' },
  { value: 'error', label: 'Render error' },
] as const;

export interface FilterValues {
  search: string;
  createdByMe: boolean;
  renderStatus: string;
  createdAfter: string;
  createdBefore: string;
}

interface VideoFiltersProps {
  values: FilterValues;
  onSearchChange: (search: string) => void;
  onChange: (patch: Partial<Omit<FilterValues, 'search'>>) => void;
  onClear: () => void;
}

/** Search, "created by me", render status and a creation date range. */
export function VideoFilters({ values, onSearchChange, onChange, onClear }: VideoFiltersProps) {
  const id = useId();
  const any =
    values.search !== '' || values.createdByMe || values.renderStatus !== '' || values.createdAfter !== '' || values.createdBefore !== '';
  return (
    <div className="video-filters" role="search" aria-label="Filter videos">
      <div className="field video-filters__search">
        <label className="field__label" htmlFor={`${id}-search`}>
          Search
        </label>
        <input
          id={`${id}-search`}
          type="search"
          className="input"
          placeholder="Video name"
          value={values.search}
          onChange={(e) => onSearchChange(e.target.value)}
          data-testid="videos-search"
        />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-status`}>
          Status
        </label>
        <select
          id={`${id}-status`}
          className="input"
          value={values.renderStatus}
          onChange={(e) => onChange({ renderStatus: e.target.value })}
          data-testid="videos-status"
        >
          {RENDER_STATUS_FILTERS.map((f) => (
            <option key={f.value} value={f.value}>
              {f.label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-after`}>
          Created from
        </label>
        <input
          id={`${id}-after`}
          type="date"
          className="input"
          value={values.createdAfter}
          max={values.createdBefore || undefined}
          onChange={(e) => onChange({ createdAfter: e.target.value })}
          data-testid="videos-created-after"
        />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-before`}>
          Created to
        </label>
        <input
          id={`${id}-before`}
          type="date"
          className="input"
          value={values.createdBefore}
          min={values.createdAfter || undefined}
          onChange={(e) => onChange({ createdBefore: e.target.value })}
          data-testid="videos-created-before"
        />
      </div>
      <label className="checkbox video-filters__mine">
        <input
          type="checkbox"
          checked={values.createdByMe}
          onChange={(e) => onChange({ createdByMe: e.target.checked })}
          data-testid="videos-created-by-me"
        />
        Created by me
      </label>
      {any && (
        <button type="button" className="button button--ghost button--sm" onClick={onClear} data-testid="videos-clear-filters">
          Clear filters
        </button>
      )}
    </div>
  );
}
