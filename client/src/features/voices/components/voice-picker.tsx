import { useMemo, useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { useTagGroups } from '../api/get-tag-groups';
import { useVoices } from '../api/get-voices';
import type { Voice, VoiceFilters } from '../api/types';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { canSelect, voiceLabels } from '../utils/voice';
import { SampleButton } from './sample-button';
import { TagFilter } from './tag-filter';

export const EMPTY_TEXT = 'No voices were found';
export const SEARCH_DEBOUNCE_MS = 300;

interface VoicePickerProps {
  selectedId: number | null;
  onSelect: (voice: Voice) => void;
}

export function VoicePicker({ selectedId, onSelect }: VoicePickerProps) {
  const [search, setSearch] = useState('');
  const [recommendedOnly, setRecommendedOnly] = useState(true);
  const [tags, setTags] = useState<Record<number, number[]>>({});
  const [filtersOpen, setFiltersOpen] = useState(false);
  const debounced = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);

  const filters = useMemo<VoiceFilters>(
    () => ({ search: debounced.trim(), recommendedOnly, tags }),
    [debounced, recommendedOnly, tags],
  );
  const voicesQuery = useVoices(filters);
  const tagGroupsQuery = useTagGroups();
  const categories = (tagGroupsQuery.data ?? []).flatMap((g) => g.categories).filter((c) => c.tags.length > 0);
  const voices = voicesQuery.data?.pages.flatMap((p) => p.voices) ?? [];
  const total = voicesQuery.data?.pages.at(-1)?.total ?? 0;
  const anyTag = Object.values(tags).some((ids) => ids.length > 0);

  return (
    <div className="voice-picker">
      <div className="voice-picker__bar">
        <input
          type="search"
          className="input"
          placeholder="Search voices by name"
          aria-label="Search voices by name"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          data-testid="voice-search"
        />
        <label className="voice-switch">
          <input
            type="checkbox"
            role="switch"
            checked={recommendedOnly}
            onChange={(e) => setRecommendedOnly(e.target.checked)}
            data-testid="voice-recommended-toggle"
          />
          Recommended only
        </label>
        <button
          type="button"
          className="button button--ghost voice-picker__filters-toggle"
          aria-expanded={filtersOpen}
          onClick={() => setFiltersOpen((v) => !v)}
        >
          {filtersOpen ? 'Hide filters' : 'Filters'}
        </button>
      </div>
      <div className="voice-picker__body">
        <aside className={`voice-filters${filtersOpen ? ' voice-filters--open' : ''}`} aria-label="Voice filters">
          {categories.map((c) => (
            <TagFilter
              key={c.tagCategoryId}
              category={c}
              selected={tags[c.tagCategoryId] ?? []}
              recommendedOnly={recommendedOnly}
              onChange={(ids) => setTags((prev) => ({ ...prev, [c.tagCategoryId]: ids }))}
            />
          ))}
          {categories.length > 0 && (
            <button
              type="button"
              className="button button--ghost"
              onClick={() => setTags({})}
              disabled={!anyTag}
              data-testid="voice-tags-reset"
            >
              Reset filters
            </button>
          )}
        </aside>
        <div className="voice-results" aria-busy={voicesQuery.isFetching}>
          {voicesQuery.isPending ? (
            <p className="voice-results__note">Loading voices…</p>
          ) : voicesQuery.isError ? (
            <p className="voice-results__note" role="alert">
              {errorMessage(voicesQuery.error)}
            </p>
          ) : voices.length === 0 ? (
            <p className="voice-results__note" data-testid="voice-empty">
              {EMPTY_TEXT}
            </p>
          ) : (
            <ul className="voice-list">
              {voices.map((v) => (
                <li key={v.voiceId} className="voice-item" data-testid="voice-result" data-voice-id={v.voiceId}>
                  <div className="voice-item__info">
                    <span className="voice-item__name">{v.name}</span>
                    <span className="voice-item__tags">
                      {voiceLabels(v).map((l) => (
                        <span key={l} className="voice-chip">
                          {l}
                        </span>
                      ))}
                    </span>
                  </div>
                  <SampleButton playKey={`picker:${v.voiceId}`} url={v.audioSampleURL} name={v.name} />
                  <button
                    type="button"
                    className="button button--primary"
                    disabled={!canSelect(v, selectedId)}
                    onClick={() => onSelect(v)}
                    data-testid="voice-select"
                  >
                    {v.voiceId === selectedId ? 'Selected' : 'Select'}
                  </button>
                </li>
              ))}
            </ul>
          )}
          {voicesQuery.hasNextPage && voices.length < total && (
            <button
              type="button"
              className="button button--ghost"
              onClick={() => void voicesQuery.fetchNextPage()}
              disabled={voicesQuery.isFetchingNextPage}
              data-testid="voice-load-more"
            >
              {voicesQuery.isFetchingNextPage ? 'Loading…' : 'Load more'}
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
