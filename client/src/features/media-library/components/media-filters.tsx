import type { AssetTypeFilter } from '../api/types';

export const TYPE_FILTERS: Array<{ value: AssetTypeFilter; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'video', label: 'Video' },
  { value: 'image', label: 'Image' },
  { value: 'audio', label: 'Audio' },
];

interface MediaFiltersProps {
  type: AssetTypeFilter;
  search: string;
  onTypeChange: (type: AssetTypeFilter) => void;
  onSearchChange: (search: string) => void;
}

export function MediaFilters({ type, search, onTypeChange, onSearchChange }: MediaFiltersProps) {
  return (
    <div className="media-filters">
      <div className="segmented" role="group" aria-label="Media type">
        {TYPE_FILTERS.map((f) => (
          <button
            key={f.value}
            type="button"
            className={f.value === type ? 'segmented__item segmented__item--active' : 'segmented__item'}
            aria-pressed={f.value === type}
            onClick={() => onTypeChange(f.value)}
            data-testid={`media-type-${f.value}`}
          >
            {f.label}
          </button>
        ))}
      </div>
      <input
        type="search"
        className="input media-filters__search"
        placeholder="Search by name"
        aria-label="Search media by name"
        value={search}
        onChange={(e) => onSearchChange(e.target.value)}
        data-testid="media-search"
      />
    </div>
  );
}
