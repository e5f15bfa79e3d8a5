import { useId, useState, type FormEvent } from 'react';
import { Spinner } from '@/components/spinner';
import { errorMessage } from '@/lib/api-client';
import { useRecommendedAssets } from '../api/get-recommended-assets';
import { useSuggestedAssets, type SuggestedAsset } from '../api/get-suggested-assets';
import type { LibraryMedia } from '../api/types';
import { AssetTile } from './asset-tile';

export const RECOMMENDED_EMPTY = 'Nothing in your media library matches this slide yet.';
export const RECOMMENDED_FAILED = 'We could not load recommendations for this slide.';
export const SUGGESTED_EMPTY = 'No media found. Try other words.';
export const SUGGESTED_FAILED = 'We could not search for media.';

const mediaName = (m: { name: string; type: string }) => m.name || (m.type === 'video' ? 'Untitled video' : 'Untitled picture');


interface MediaHelpProps {
  layerId: number;
  currentAssetId: number | undefined;
  /** Something is being saved: every choice waits. */
  busy: boolean;
  onChoose: (media: LibraryMedia) => void;
  /** A stock suggestion (no asset id yet) was chosen: it is imported into the library first. */
  onChooseSuggestion: (suggestion: SuggestedAsset) => void;
}

/**
 * MediaHelp is the top of the slide media picker: the library's best matches for the slide's text (recommended), and
 * a search of the library and stock providers (suggested) that starts from the slide's keywords.
 */
export function MediaHelp({ layerId, currentAssetId, busy, onChoose, onChooseSuggestion }: MediaHelpProps) {
  const recommended = useRecommendedAssets(layerId);
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState<string | null>(null);
  const suggested = useSuggestedAssets(layerId, search ?? '', search !== null);
  const recommendedId = useId();
  const searchId = useId();

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    setSearch(draft.trim());
  }

  return (
    <div className="media-help">
      <section aria-labelledby={recommendedId} data-testid="recommended-assets">
        <h4 className="media-help__title" id={recommendedId}>
          Recommended for this slide
        </h4>
        {recommended.isPending ? (
          <Spinner size="sm" label="Finding matching media…" />
        ) : recommended.isError ? (
          <p className="muted">{errorMessage(recommended.error, RECOMMENDED_FAILED)}</p>
        ) : recommended.data.length === 0 ? (
          <p className="muted" data-testid="recommended-empty">
            {RECOMMENDED_EMPTY}
          </p>
        ) : (
          <ul className="media-help__strip">
            {recommended.data.map((m) => {
              const name = mediaName(m);
              const current = m.assetId === currentAssetId;
              return (
                <li key={m.assetId}>
                  <button
                    type="button"
                    className="media-help__choice"
                    disabled={busy || current}
                    aria-label={current ? `${name} (current media)` : `Use ${name}`}
                    onClick={() => onChoose(m)}
                    data-testid="recommended-choice"
                    data-asset-id={m.assetId}
                  >
                    <AssetTile name={name} type={m.type} thumbnailUrl={m.thumbnailUrl} previewUrl={m.previewUrl} duration={m.duration} state={m.state} />
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <section aria-labelledby={searchId} data-testid="suggested-assets">
        <h4 className="media-help__title" id={searchId}>
          Search for media
        </h4>
        <form className="media-help__search" role="search" onSubmit={onSubmit}>
          <input
            type="search"
            className="input input--sm"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            placeholder="Words to search for (empty: the slide's keywords)"
            aria-label="Search for media"
            data-testid="suggested-query"
          />
          <button type="submit" className="button button--secondary button--sm" data-testid="suggested-search">
            Search
          </button>
        </form>
        {search === null ? null : suggested.isPending ? (
          <Spinner size="sm" label="Searching…" />
        ) : suggested.isError ? (
          <p className="muted">{errorMessage(suggested.error, SUGGESTED_FAILED)}</p>
        ) : suggested.data.length === 0 ? (
          <p className="muted" data-testid="suggested-empty">
            {SUGGESTED_EMPTY}
          </p>
        ) : (
          <ul className="media-help__strip">
            {suggested.data.map((s, i) => {
              const name = mediaName(s);
              const current = s.assetId !== null && s.assetId === currentAssetId;
              const fromStock = s.assetId === null;
              return (
                <li key={s.assetId ?? `${s.source}-${i}`}>
                  <button
                    type="button"
                    className="media-help__choice"
                    disabled={busy || current}
                    aria-label={current ? `${name} (current media)` : fromStock ? `Use ${name} from ${s.source}` : `Use ${name}`}
                    onClick={() =>
                      fromStock
                        ? onChooseSuggestion(s)
                        : onChoose({ assetId: s.assetId!, name: s.name, type: s.type, state: 'complete', thumbnailUrl: s.thumbnailUrl, previewUrl: s.url })
                    }
                    data-testid="suggested-choice"
                    data-source={s.source}
                  >
                    <AssetTile name={name} type={s.type} thumbnailUrl={s.thumbnailUrl || (s.type === 'image' ? s.url : '')} previewUrl={s.type === 'video' ? s.url : undefined} />
                    {fromStock && <span className="muted media-help__source">{s.source}</span>}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <h4 className="media-help__title">Your media library</h4>
    </div>
  );
}
