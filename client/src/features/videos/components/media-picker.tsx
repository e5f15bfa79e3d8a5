import { Link } from 'react-router';
import { useLibraryMedia } from '../api/get-library-media';
import type { SuggestedAsset } from '../api/get-suggested-assets';
import type { LibraryMedia } from '../api/types';
import { LibraryPicker } from './library-picker';
import { MediaHelp } from './media-help';
import { MediaUpload } from './media-upload';

export const LIBRARY_MEDIA_LOAD_FAILED = 'We could not load your media.';

const isImporting = (state: string) => state === 'pending' || state === 'processing';

/**
 * MediaPicker lists the pictures and videos of the media library (those still importing too: the slide shows
 * "Importing…" until they are ready); choosing one puts it on the slide.
 */
export function MediaPicker({
  currentAssetId,
  choosing,
  onChoose,
  onClose,
  layerId,
  onChooseSuggestion,
  onUploaded,
}: {
  currentAssetId: number | undefined;
  choosing: number | null;
  onChoose: (media: LibraryMedia) => void;
  onClose: () => void;
  /** layerId: the slide the media is for; with it the picker also offers recommended and suggested media. */
  layerId?: number;
  onChooseSuggestion?: (suggestion: SuggestedAsset) => void;
  /** onUploaded: a file uploaded from the computer became library asset assetId; with it the picker offers uploads. */
  onUploaded?: (assetId: number) => void;
}) {
  return (
    <LibraryPicker
      before={
        <>
          {onUploaded && <MediaUpload disabled={choosing !== null} onUploaded={onUploaded} />}
          {layerId !== undefined && onChooseSuggestion && (
            <MediaHelp layerId={layerId} currentAssetId={currentAssetId} busy={choosing !== null} onChoose={onChoose} onChooseSuggestion={onChooseSuggestion} />
          )}
        </>
      }
      title="Choose a picture or video"
      query={useLibraryMedia()}
      loadingLabel="Loading your media…"
      loadFailed={LIBRARY_MEDIA_LOAD_FAILED}
      empty={
        <>
          No pictures or videos in your media library yet. Upload one from your computer above, or in the <Link to="/dashboard/media-library">Media library</Link>.
        </>
      }
      className="soundtrack-picker insert-picker media-picker"
      choiceClassName="soundtrack-picker__choice insert-picker__choice"
      testIds={{ root: 'media-picker', empty: 'media-empty', choice: 'media-choice' }}
      choice={(media) => {
        const name = media.name || (media.type === 'video' ? 'Untitled video' : 'Untitled picture');
        const isCurrent = currentAssetId === media.assetId;
        return {
          name,
          thumbnailUrl: media.thumbnailUrl || null,
          label: isCurrent ? `${name} (current media)` : `Use ${name}`,
          disabled: choosing !== null || isCurrent,
          detail:
            choosing === media.assetId
              ? 'Saving…'
              : isCurrent
                ? 'Current'
                : isImporting(media.state)
                  ? 'Importing…'
                  : media.type === 'video'
                    ? 'Video'
                    : 'Picture',
        };
      }}
      onChoose={onChoose}
      onClose={onClose}
    />
  );
}
