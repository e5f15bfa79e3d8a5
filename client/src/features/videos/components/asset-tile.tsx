import { useRef } from 'react';
import { formatDuration } from '../utils/build-stage';

/** Spec 000 section 4, media asset display: pending or processing, else any state but complete or created. */
export const ASSET_PROCESSING = 'Processing asset';
export const ASSET_ERROR = 'Error Processing Asset';

/** assetOverlay: what covers a tile for an asset's import state, or null when the asset is usable. */
export function assetOverlay(state: string | undefined): string | null {
  if (!state || state === 'complete' || state === 'created') return null;
  return state === 'pending' || state === 'processing' ? ASSET_PROCESSING : ASSET_ERROR;
}

interface AssetTileProps {
  name: string;
  type: 'image' | 'video';
  thumbnailUrl: string;
  /** A video's playable preview; it loops muted while hovered or touched. */
  previewUrl?: string;
  /** Seconds; a badge for videos. */
  duration?: number;
  state?: string;
}

/**
 * AssetTile is the picture of a media asset in the editor's pickers (spec 000 "Media asset tile"): the image, or a
 * looping muted video that plays on hover or touch, a duration badge, the name over it and a processing or error
 * overlay. It sits inside the choice's button, which carries the label.
 */
export function AssetTile({ name, type, thumbnailUrl, previewUrl, duration, state }: AssetTileProps) {
  const ref = useRef<HTMLVideoElement>(null);
  const overlay = assetOverlay(state);
  const badge = type === 'video' ? formatDuration(duration) : '';

  function play() {
    const video = ref.current;
    if (!video || typeof video.play !== 'function') return;
    try {
      (video.play() as Promise<void> | undefined)?.catch(() => undefined);
    } catch {
      // A preview that cannot play keeps its poster.
    }
  }

  function stop() {
    const video = ref.current;
    if (!video || typeof video.pause !== 'function') return;
    video.pause();
    video.currentTime = 0;
  }

  return (
    <span
      className="asset-tile"
      onMouseEnter={play}
      onMouseLeave={stop}
      onTouchStart={play}
      onTouchEnd={stop}
      data-testid="asset-tile"
      data-kind={type}
    >
      {type === 'video' && previewUrl ? (
        <video ref={ref} className="asset-tile__media" src={previewUrl} poster={thumbnailUrl || undefined} muted loop playsInline preload="metadata" aria-hidden="true" />
      ) : thumbnailUrl ? (
        <img className="asset-tile__media" src={thumbnailUrl} alt="" loading="lazy" />
      ) : (
        <span className="asset-tile__media" aria-hidden="true" />
      )}
      {badge && (
        <span className="asset-tile__duration" data-testid="asset-tile-duration">
          {badge}
        </span>
      )}
      <span className="asset-tile__name">{name}</span>
      {overlay && (
        <span className="asset-tile__overlay" data-testid="asset-tile-overlay">
          {overlay}
        </span>
      )}
    </span>
  );
}
