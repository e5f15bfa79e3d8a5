import { Link } from 'react-router';
import type { Scene, VideoListItem } from '../api/types';
import { formatDuration, isBuilding, videoBadge } from '../utils/build-stage';

/** firstSlideImage: the picture of the first slide that has one (thumbnail before full image). */
export function firstSlideImage(scenes: Scene[] | undefined): string {
  for (const scene of scenes ?? []) {
    for (const slide of scene.layerList) {
      for (const asset of slide.assetList) {
        if (asset.type === 'image') return asset.thumbnailUrl || asset.url;
        if (asset.type === 'video' && asset.thumbnailUrl) return asset.thumbnailUrl;
      }
    }
  }
  return '';
}

function formatDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleDateString(undefined, { dateStyle: 'medium' });
}

interface VideoCardProps {
  video: VideoListItem;
  onCopy: (video: VideoListItem) => void;
  onDelete: (video: VideoListItem) => void;
  copying: boolean;
}

/** One video of Manage Videos: picture, name, duration, stage badge and its actions. */
export function VideoCard({ video, onCopy, onDelete, copying }: VideoCardProps) {
  const image = video.thumbnailURL || firstSlideImage(video.scenes);
  const badge = videoBadge(video);
  const duration = formatDuration(video.duration);
  const name = video.name || 'Untitled';
  const href = isBuilding(video)
    ? `/dashboard/create-video/single/generating?video=${video.videoId}`
    : `/dashboard/video/${video.videoId}`;
  const meta = [
    formatDate(video.createdAt),
    video.sceneCount > 0 ? `${video.sceneCount} ${video.sceneCount === 1 ? 'scene' : 'scenes'}` : '',
    video.aspectRatio === 'vertical' ? '9:16' : '16:9',
    video.isVoiceover ? 'Voiceover' : '',
  ].filter(Boolean);

  return (
    <li className="video-card" data-testid="video-card" data-video-id={video.videoId}>
      <Link to={href} className={`video-card__thumb video-card__thumb--${video.aspectRatio}`} tabIndex={-1} aria-hidden="true">
        {image ? <img src={image} alt="" loading="lazy" /> : <span className="video-card__placeholder">▶</span>}
        {duration && <span className="video-card__duration">{duration}</span>}
      </Link>
      <div className="video-card__body">
        <Link to={href} className="video-card__name" data-testid="video-card-name">
          {name}
        </Link>
        <span className={`badge badge--${badge.tone} video-card__badge`} data-testid="video-card-badge">
          {badge.label}
        </span>
        <span className="video-card__meta muted">{meta.join(' · ')}</span>
      </div>
      <div className="video-card__actions">
        {!isBuilding(video) && (
          <Link
            to={`/editor/${video.videoId}`}
            className="button button--ghost button--sm"
            aria-label={`Edit ${name}`}
            data-testid="video-edit"
          >
            Edit
          </Link>
        )}
        <button
          type="button"
          className="button button--ghost button--sm"
          onClick={() => onCopy(video)}
          disabled={copying || isBuilding(video)}
          aria-label={`Copy ${name}`}
          data-testid="video-copy"
        >
          {copying ? 'Copying…' : 'Copy'}
        </button>
        <button
          type="button"
          className="button button--danger-ghost button--sm"
          onClick={() => onDelete(video)}
          aria-label={`Delete ${name}`}
          data-testid="video-delete"
        >
          Delete
        </button>
      </div>
    </li>
  );
}
