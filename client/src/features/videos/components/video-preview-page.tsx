import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { PageLoader } from '@/components/spinner';
import { errorMessage, isApiError } from '@/lib/api-client';
import { notify } from '@/stores/notifications';
import { useVideo } from '../api/get-video';
import { videoKeys } from '../api/keys';
import type { Scene, Slide, SlideAsset, Video } from '../api/types';
import { currentSlideId, useNarrationPlayer } from '../stores/narration-player';
import { InsertsPanel } from './inserts-panel';
import { RenderPanel } from './render-panel';
import { SoundtrackPanel } from './soundtrack-panel';
import { formatDuration, isBuildFailed, isBuilding, videoBadge } from '../utils/build-stage';
import './videos.css';

export const PLAY_FAILED = 'Failed to play audio.';
/** While a video is still generated the preview looks again every few seconds. */
export const PREVIEW_POLL_MS = 5000;

/** sceneDuration: the scene's own duration, or the sum of its slides when the server sent none. */
export function sceneDuration(scene: Scene): number {
  return scene.duration > 0 ? scene.duration : scene.layerList.reduce((sum, s) => sum + (s.duration || 0), 0);
}

/** slideMedia: the visual of a slide (the first image or video); text slides have none. */
export function slideMedia(slide: Slide): SlideAsset | undefined {
  return slide.assetList.find((a) => a.type === 'image' || a.type === 'video');
}

/**
 * SlideMedia is the thumbnail of a slide's picture or video, or its text for a text slide. A picture or video still
 * importing has no link yet: a blank tile, saying "Importing…" unless quiet (the editor says it beside it).
 */
export function SlideMedia({ slide, quiet = false }: { slide: Slide; quiet?: boolean }) {
  const media = slideMedia(slide);
  if (!media) {
    const text = slide.assetList.find((a) => a.type === 'text')?.text || slide.text;
    return (
      <div className="slide__media slide__media--text" data-kind="text">
        <span>{text || 'Text slide'}</span>
      </div>
    );
  }
  if (!media.thumbnailUrl && !media.url && !media.previewUrl) {
    // An empty src would have the browser fetch the page itself.
    return (
      <div className="slide__media slide__media--pending" data-kind={media.type}>
        {!quiet && <span>Importing…</span>}
      </div>
    );
  }
  if (media.type === 'video') {
    const poster = media.thumbnailUrl;
    return (
      <div className="slide__media" data-kind="video">
        {poster ? (
          <img src={poster} alt={media.name || 'Video clip'} loading="lazy" />
        ) : (
          <video src={media.previewUrl || media.url} muted preload="metadata" aria-label={media.name || 'Video clip'} />
        )}
        <span className="slide__media-kind" aria-hidden="true">
          ▶
        </span>
      </div>
    );
  }
  return (
    <div className="slide__media" data-kind="image">
      <img src={media.thumbnailUrl || media.url} alt={media.name || 'Slide image'} loading="lazy" />
    </div>
  );
}

function SlideRow({ slide, number, playing }: { slide: Slide; number: number; playing: boolean }) {
  const press = useNarrationPlayer((s) => s.slidePlayPressed);
  const stop = useNarrationPlayer((s) => s.stopPressed);
  const duration = formatDuration(slide.duration) || (slide.narration ? formatDuration(slide.narration.durationMs / 1000) : '');
  return (
    <li
      className={`slide${playing ? ' slide--playing' : ''}`}
      data-testid="slide"
      data-slide-id={slide.layerId}
      aria-current={playing ? 'true' : undefined}
    >
      <SlideMedia slide={slide} />
      <div className="slide__body">
        <span className="slide__number muted">Slide {number}</span>
        <p className="slide__text" data-testid="slide-text">
          {slide.text || <span className="muted">No text</span>}
        </p>
        {slide.tagline && <p className="slide__tagline muted">{slide.tagline}</p>}
      </div>
      <div className="slide__tools">
        {duration && <span className="slide__duration muted">{duration}</span>}
        <button
          type="button"
          className="button button--ghost button--sm"
          aria-pressed={playing}
          aria-label={playing ? `Stop narration of slide ${number}` : `Play narration of slide ${number}`}
          disabled={!slide.narration}
          title={slide.narration ? undefined : 'This slide has no narration yet'}
          onClick={() => (playing ? stop() : press(slide.layerId))}
          data-testid="slide-play"
        >
          {playing ? '■ Stop' : '▶ Play'}
        </button>
      </div>
    </li>
  );
}

function SceneSection({ scene, number, playingSlide, playingScene }: { scene: Scene; number: number; playingSlide: number | null; playingScene: boolean }) {
  const playScene = useNarrationPlayer((s) => s.scenePlayPressed);
  const stop = useNarrationPlayer((s) => s.stopPressed);
  const narrated = scene.layerList.filter((s) => s.narration).map((s) => s.layerId);
  const duration = formatDuration(sceneDuration(scene));
  return (
    <section className="scene panel" aria-label={`Scene ${number}`} data-testid="scene">
      <header className="scene__header">
        <h2 className="panel__title">Scene {number}</h2>
        {duration && (
          <span className="muted" data-testid="scene-duration">
            {duration}
          </span>
        )}
        {scene.audioError && <span className="badge badge--unverified">{scene.audioError}</span>}
        <button
          type="button"
          className="button button--secondary button--sm scene__play"
          aria-pressed={playingScene}
          disabled={narrated.length === 0}
          onClick={() => (playingScene ? stop() : playScene(scene.sceneId, narrated))}
          data-testid="scene-play"
        >
          {playingScene ? '■ Stop scene' : '▶ Play scene'}
        </button>
      </header>
      {scene.layerList.length === 0 ? (
        <p className="muted">This scene has no slides.</p>
      ) : (
        <ol className="slides">
          {scene.layerList.map((slide, i) => (
            <SlideRow key={slide.layerId} slide={slide} number={i + 1} playing={playingSlide === slide.layerId} />
          ))}
        </ol>
      )}
    </section>
  );
}

/** NarrationAudio: the one <audio> of the page; it follows the player store and reports failures. */
export function NarrationAudio({ video }: { video: Video }) {
  const run = useNarrationPlayer((s) => s.run);
  const ended = useNarrationPlayer((s) => s.narrationEnded);
  const stop = useNarrationPlayer((s) => s.stopPressed);
  const ref = useRef<HTMLAudioElement>(null);
  const queryClient = useQueryClient();
  const slideId = currentSlideId(run);
  const url = video.scenes.flatMap((s) => s.layerList).find((s) => s.layerId === slideId)?.narration?.url ?? '';
  // Narration links are signed for a while; after a failure the video is fetched again for fresh ones.
  const failed = () => {
    notify.error(PLAY_FAILED);
    stop();
    void queryClient.invalidateQueries({ queryKey: videoKeys.detail(video.videoId) });
  };
  const failedRef = useRef(failed);
  failedRef.current = failed;

  useEffect(() => {
    if (!url) return;
    const audio = ref.current;
    if (!audio || typeof audio.play !== 'function') return;
    const fail = () => failedRef.current();
    try {
      audio.play()?.catch((e: unknown) => {
        if (e instanceof DOMException && e.name === 'AbortError') return;
        fail();
      });
    } catch {
      fail();
    }
  }, [url, run, stop]);

  // Leaving the page stops playback.
  useEffect(() => () => stop(), [stop]);

  if (!url) return null;
  return (
    <audio
      key={`${slideId}-${run?.index ?? 0}`}
      ref={ref}
      src={url}
      preload="auto"
      data-testid="narration-audio"
      onEnded={ended}
      onError={failed}
    />
  );
}

/** /dashboard/video/:id (digits only): the generated video's scenes and slides, with their narration. */
export function VideoPreviewRoute() {
  const { id } = useParams();
  if (!id || !/^\d+$/.test(id)) return <Navigate to="/dashboard" replace />;
  return <VideoPreviewPage videoId={Number(id)} key={id} />;
}

export function VideoPreviewPage({ videoId }: { videoId: number }) {
  const video = useVideo(videoId, { pollMs: PREVIEW_POLL_MS });
  const run = useNarrationPlayer((s) => s.run);
  const playingSlide = currentSlideId(run);

  if (video.isPending) return <PageLoader label="Loading video…" />;
  if (video.isError) {
    const missing = isApiError(video.error) && video.error.status === 404;
    return (
      <section className="page" data-testid="video-preview">
        <h1 className="page__title">{missing ? 'Video not found' : 'Video'}</h1>
        <div className="panel panel--warning" role="alert" data-testid="video-preview-error">
          <p>{missing ? 'This video does not exist or was deleted.' : errorMessage(video.error, 'We could not load this video.')}</p>
          {!missing && (
            <button type="button" className="button button--secondary" onClick={() => void video.refetch()}>
              Try again
            </button>
          )}
          <Link to="/dashboard/manage-videos">Back to Manage videos</Link>
        </div>
      </section>
    );
  }

  const v = video.data;
  const badge = videoBadge(v);
  const slides = v.scenes.reduce((n, s) => n + s.layerList.length, 0);
  const total = formatDuration(v.duration || v.scenes.reduce((sum, s) => sum + sceneDuration(s), 0));
  return (
    <section className="page video-preview" data-testid="video-preview">
      <header className="page__header">
        <Link to="/dashboard/manage-videos" className="video-preview__back">
          ← Manage videos
        </Link>
        <h1 className="page__title" data-testid="video-preview-name">
          {v.name || 'Untitled'}
          <span className={`badge badge--${badge.tone}`}>{badge.label}</span>
        </h1>
        <p className="page__subtitle">
          {[
            `${v.scenes.length} ${v.scenes.length === 1 ? 'scene' : 'scenes'}`,
            `${slides} ${slides === 1 ? 'slide' : 'slides'}`,
            total,
            v.aspectRatio === 'vertical' ? 'Vertical 9:16' : 'Horizontal 16:9',
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
        {v.description && <p>{v.description}</p>}
        {!isBuilding(v) && v.scenes.length > 0 && (
          <p>
            <Link to={`/editor/${v.videoId}`} className="button button--primary" data-testid="edit-video">
              Edit video
            </Link>
          </p>
        )}
      </header>

      {isBuilding(v) && (
        <div className="panel panel--muted" data-testid="video-preview-building">
          <p>This video is still being generated; its slides appear here as they are made.</p>
          <Link to={`/dashboard/create-video/single/generating?video=${v.videoId}`}>See progress</Link>
        </div>
      )}
      {isBuildFailed(v) && (
        <div className="panel panel--warning" role="alert">
          <p>Generating this video failed{v.buildError ? `: ${v.buildError}` : '.'}</p>
        </div>
      )}

      <RenderPanel video={v} />
      <SoundtrackPanel video={v} />
      <InsertsPanel video={v} />

      {v.scenes.length === 0 ? (
        !isBuilding(v) && (
          <div className="panel panel--muted" data-testid="video-preview-empty">
            <p>This video has no scenes yet.</p>
          </div>
        )
      ) : (
        v.scenes.map((scene, i) => (
          <SceneSection
            key={scene.sceneId}
            scene={scene}
            number={i + 1}
            playingSlide={playingSlide}
            playingScene={run?.sceneId === scene.sceneId}
          />
        ))
      )}
      <NarrationAudio video={v} />
    </section>
  );
}
