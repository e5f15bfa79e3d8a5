import { useRef, useState } from 'react';
import { Spinner } from '@/components/spinner';
import { notify } from '@/stores/notifications';
import type { Asset } from '../api/types';
import { ERROR_TEXT, PROCESSING_TEXT, overlayFor, stateOf } from '../utils/asset-state';
import { formatDuration } from '../utils/format';
import { EditableName } from './editable-name';

interface MediaTileProps {
  asset: Asset;
  selected: boolean;
  onSelectedChange: (selected: boolean) => void;
  onRename: (name: string) => void;
  onDelete: () => void;
  /** The name being saved, shown until the server answers. */
  pendingName?: string;
}

function VideoPreview({ asset }: { asset: Asset }) {
  const ref = useRef<HTMLVideoElement>(null);
  const src = asset.previewUrl || asset.url;
  if (!src) return <Placeholder asset={asset} />;

  const play = () => {
    const video = ref.current;
    if (!video) return;
    video.muted = true;
    void video.play()?.catch(() => {});
  };
  const stop = () => {
    const video = ref.current;
    if (!video) return;
    video.pause();
    video.currentTime = 0;
  };

  return (
    <video
      ref={ref}
      className="media-tile__media"
      src={src}
      poster={asset.thumbnailUrl || undefined}
      muted
      loop
      playsInline
      preload="metadata"
      aria-label={`Preview of ${asset.name}`}
      onMouseEnter={play}
      onMouseLeave={stop}
      onTouchStart={() => (ref.current?.paused ? play() : stop())}
      data-testid="media-video"
    />
  );
}

function AudioPreview({ asset }: { asset: Asset }) {
  const ref = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);

  async function toggle() {
    const audio = ref.current;
    if (!audio) return;
    if (!audio.paused) {
      audio.pause();
      return;
    }
    try {
      await audio.play();
    } catch {
      notify.error('Failed to play audio.');
    }
  }

  return (
    <>
      {asset.thumbnailUrl ? (
        <img className="media-tile__media media-tile__media--waveform" src={asset.thumbnailUrl} alt="" loading="lazy" />
      ) : (
        <div className="media-tile__media media-tile__placeholder" aria-hidden="true">
          ♪
        </div>
      )}
      {asset.url ? (
        <>
          <button
            type="button"
            className="media-tile__play"
            aria-label={playing ? `Pause ${asset.name}` : `Play ${asset.name}`}
            aria-pressed={playing}
            onClick={() => void toggle()}
            data-testid="media-audio-toggle"
          >
            <span aria-hidden="true">{playing ? '❚❚' : '▶'}</span>
          </button>
          <audio
            ref={ref}
            src={asset.url}
            preload="none"
            onPlay={() => setPlaying(true)}
            onPause={() => setPlaying(false)}
            onEnded={() => setPlaying(false)}
            data-testid="media-audio"
          />
        </>
      ) : null}
    </>
  );
}

function Placeholder({ asset }: { asset: Asset }) {
  const label = asset.type === 'audio' ? '♪' : asset.type === 'video' ? '▶' : asset.type === 'text' ? 'T' : '▦';
  return (
    <div className="media-tile__media media-tile__placeholder" aria-hidden="true">
      {label}
    </div>
  );
}

function Preview({ asset }: { asset: Asset }) {
  switch (asset.type) {
    case 'video':
      return <VideoPreview asset={asset} />;
    case 'audio':
      return <AudioPreview asset={asset} />;
    case 'image': {
      const src = asset.thumbnailUrl || asset.url;
      if (!src) return <Placeholder asset={asset} />;
      return <img className="media-tile__media" src={src} alt={asset.name} loading="lazy" />;
    }
    case 'text':
      return asset.text ? <p className="media-tile__media media-tile__text">{asset.text}</p> : <Placeholder asset={asset} />;
    default:
      return <Placeholder asset={asset} />;
  }
}

/**
 * Spec 000 §2 "Media asset tile": preview (image, looping muted video playing on hover/touch, or a waveform
 * with a play button for audio), duration badge, name overlay, processing/error overlay.
 */
export function MediaTile({ asset, selected, onSelectedChange, onRename, onDelete, pendingName }: MediaTileProps) {
  const state = stateOf(asset);
  const overlay = overlayFor(state);
  const duration = asset.type === 'video' || asset.type === 'audio' ? formatDuration(asset.duration) : '';
  const name = pendingName ?? asset.name;

  return (
    <li
      className={['media-tile', selected ? 'media-tile--selected' : '', overlay ? `media-tile--${overlay}` : '']
        .filter(Boolean)
        .join(' ')}
      data-testid="media-tile"
      data-asset-id={asset.assetId}
      data-state={state}
      data-type={asset.type}
    >
      <div className="media-tile__frame">
        <Preview asset={asset} />
        {overlay === 'processing' ? (
          <div className="media-tile__overlay" role="status" data-testid="media-processing">
            <Spinner size="sm" label="" />
            <span>{PROCESSING_TEXT}</span>
          </div>
        ) : null}
        {overlay === 'error' ? (
          <div
            className="media-tile__overlay media-tile__overlay--error"
            title={asset.errorMessage || ERROR_TEXT}
            data-testid="media-error"
          >
            <span aria-hidden="true">⚠</span>
            <span>{ERROR_TEXT}</span>
            {asset.errorMessage ? <span className="visually-hidden">: {asset.errorMessage}</span> : null}
          </div>
        ) : null}
        <label className="media-tile__select" title="Select">
          <input
            type="checkbox"
            checked={selected}
            onChange={(e) => onSelectedChange(e.target.checked)}
            aria-label={`Select ${name}`}
            data-testid="media-select"
          />
        </label>
        <button
          type="button"
          className="media-tile__delete"
          onClick={onDelete}
          aria-label={`Delete ${name}`}
          title="Delete"
          data-testid="media-delete"
        >
          <span aria-hidden="true">✕</span>
        </button>
        <div className="media-tile__bar">
          <EditableName name={name} onCommit={onRename} disabled={pendingName !== undefined} />
          {duration ? (
            <span className="media-tile__duration" data-testid="media-duration" aria-label={`Duration ${duration}`}>
              {duration}
            </span>
          ) : null}
        </div>
      </div>
    </li>
  );
}
