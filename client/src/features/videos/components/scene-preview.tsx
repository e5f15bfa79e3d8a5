import { useEffect, useId, useRef, useState } from 'react';
import { useSubtitleStyles } from '@/features/subtitle-styles';
import type { Scene, Slide, Video } from '../api/types';
import { useEditorSelection } from '../stores/editor-selection';
import { useNarrationPlayer } from '../stores/narration-player';
import { cueRow, isTextSlide, videoSubtitleStyle, withoutOverrides } from '../utils/subtitle-preview';
import { SubtitlePlayer, slideCues } from './subtitle-player';
import { slideMedia } from './video-preview-page';

/** Spec 000 section 9: without an audio clock the subtitle preview advances 0.1 s every 100 ms. */
export const PREVIEW_TICK_MS = 100;
export const PREVIEW_TICK_S = 0.1;
/** A slide without narration or duration still shows this long. */
export const PREVIEW_MIN_SLIDE_S = 1;

/** slideSeconds: how long a slide plays in the preview: its narration, else its own duration. */
export function slideSeconds(slide: Slide): number {
  const narrated = !slide.muted && slide.narration && slide.narration.durationMs > 0 ? slide.narration.durationMs / 1000 : 0;
  return Math.max(narrated || slide.duration || 0, PREVIEW_MIN_SLIDE_S);
}

/** audioClock: the narration's own time when it is really playing; null when there is no audio clock to follow. */
function audioClock(audio: HTMLAudioElement | null): number | null {
  if (!audio || audio.paused || audio.readyState < 2 || !Number.isFinite(audio.currentTime)) return null;
  return audio.currentTime;
}

const typingOrControl = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || target.closest('input, textarea, select, button, a, [role="button"], [role="checkbox"]') !== null);

function PreviewPicture({ slide }: { slide: Slide }) {
  // What the render draws: a text slide's text even when a picture follows it.
  const media = isTextSlide(slide) ? undefined : slideMedia(slide);
  const fit = slide.transform?.fit ?? 'cover';
  const src = media ? (media.type === 'video' ? media.previewUrl || media.url : media.url || media.thumbnailUrl) : '';
  if (!media || !src) {
    return (
      <div className="scene-preview__picture scene-preview__picture--text" data-kind="text">
        <span>{withoutOverrides(slide.assetList.find((a) => a.type === 'text')?.text || slide.text)}</span>
      </div>
    );
  }
  if (media.type === 'video') {
    return (
      <video
        className="scene-preview__picture"
        style={{ objectFit: fit }}
        src={src}
        poster={media.thumbnailUrl || undefined}
        muted
        loop
        autoPlay
        playsInline
        aria-label={media.name || 'Video clip'}
        data-kind="video"
      />
    );
  }
  return (
    <img
      className="scene-preview__picture"
      style={{ objectFit: fit }}
      src={src}
      alt={media.name || 'Slide picture'}
      data-kind="image"
    />
  );
}

interface Clock {
  index: number;
  time: number;
}

/**
 * ScenePreview plays the active scene (the first when none is chosen): its slides' pictures in turn with their
 * narration and the subtitles drawn over them. The subtitles follow the narration's own clock when it plays, else they
 * advance 0.1 s every 100 ms. Space plays and pauses (outside fields and buttons); the slide being spoken is
 * highlighted here and in the scene list.
 */
export function ScenePreview({ video }: { video: Video }) {
  const activeSceneId = useEditorSelection((s) => s.activeSceneId);
  const spokenSlideChanged = useEditorSelection((s) => s.spokenSlideChanged);
  const scene: Scene | undefined = video.scenes.find((s) => s.sceneId === activeSceneId) ?? video.scenes[0];
  const slides = scene?.layerList ?? [];
  const [playing, setPlaying] = useState(false);
  const [clock, setClock] = useState<Clock>({ index: 0, time: 0 });
  const audioRef = useRef<HTMLAudioElement>(null);
  const titleId = useId();
  const index = Math.min(clock.index, Math.max(slides.length - 1, 0));
  const slide = slides[index];
  const sceneNumber = scene ? video.scenes.indexOf(scene) + 1 : 0;
  const narration = slide && !slide.muted ? slide.narration : null;
  // The style the render burns the subtitles in; the render panel's chooser reads the same list.
  const styles = useSubtitleStyles(video.aspectRatio);
  const style = videoSubtitleStyle(styles.data ?? [], video.subtitleStyleConfigId);

  // Another scene starts from its beginning.
  const sceneId = scene?.sceneId;
  useEffect(() => {
    setPlaying(false);
    setClock({ index: 0, time: 0 });
  }, [sceneId]);

  // The clock: every 100 ms read the narration's time, or advance 0.1 s; at a slide's end go to the next one.
  const slidesRef = useRef(slides);
  slidesRef.current = slides;
  const clockRef = useRef(clock);
  clockRef.current = clock;
  useEffect(() => {
    if (!playing) return;
    const timer = window.setInterval(() => {
      const c = clockRef.current;
      const list = slidesRef.current;
      const current = list[c.index];
      const heard = audioClock(audioRef.current);
      const time = heard ?? Math.round((c.time + PREVIEW_TICK_S) * 10) / 10;
      let next: Clock;
      if (current && time < slideSeconds(current)) next = { index: c.index, time };
      else if (current && c.index + 1 < list.length) next = { index: c.index + 1, time: 0 };
      else {
        next = { index: 0, time: 0 };
        setPlaying(false);
      }
      clockRef.current = next;
      setClock(next);
    }, PREVIEW_TICK_MS);
    return () => window.clearInterval(timer);
  }, [playing]);

  // The narration plays and pauses with the preview.
  const slideId = slide?.layerId;
  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    if (playing) {
      try {
        const started = audio.play() as Promise<void> | undefined;
        started?.catch(() => undefined);
      } catch {
        // No audio: the tick clock carries on.
      }
    } else if (typeof audio.pause === 'function') {
      audio.pause();
    }
  }, [playing, slideId]);

  // One sound at a time: a slide's own play button pauses the preview.
  const narrationRun = useNarrationPlayer((s) => s.run);
  useEffect(() => {
    if (narrationRun) setPlaying(false);
  }, [narrationRun]);

  useEffect(() => spokenSlideChanged(playing && slideId !== undefined ? slideId : null), [playing, slideId, spokenSlideChanged]);
  useEffect(() => () => spokenSlideChanged(null), [spokenSlideChanged]);

  function toggle() {
    if (!slide) return;
    if (!playing) useNarrationPlayer.getState().stopPressed();
    setPlaying((p) => !p);
  }
  const toggleRef = useRef(toggle);
  toggleRef.current = toggle;

  useEffect(() => {
    function onKeyDown(e: KeyboardEvent) {
      if (e.key !== ' ' || e.repeat || e.altKey || e.ctrlKey || e.metaKey || typingOrControl(e.target)) return;
      if (document.querySelector('[role="dialog"], [role="alertdialog"]')) return;
      e.preventDefault();
      toggleRef.current();
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  if (!scene || !slide) {
    return (
      <section className="panel scene-preview" aria-labelledby={titleId} data-testid="scene-preview">
        <h2 className="panel__title" id={titleId}>
          Preview
        </h2>
        <p className="muted">There is nothing to preview yet.</p>
      </section>
    );
  }

  const seconds = slideSeconds(slide);
  return (
    <section className="panel scene-preview" aria-labelledby={titleId} data-testid="scene-preview" data-scene-id={scene.sceneId}>
      <h2 className="panel__title" id={titleId}>
        Preview of scene {sceneNumber}
      </h2>
      <div className={`scene-preview__stage scene-preview__stage--${video.aspectRatio}`} data-testid="scene-preview-stage" data-layer-id={slide.layerId}>
        <PreviewPicture slide={slide} />
        <SubtitlePlayer
          cues={slideCues(slide, seconds)}
          time={clock.time}
          row={cueRow(style, video.aspectRatio, isTextSlide(slide))}
          aspectRatio={video.aspectRatio}
        />
      </div>
      {narration && <audio key={slide.layerId} ref={audioRef} src={narration.url} preload="auto" data-testid="scene-preview-audio" />}
      <div className="scene-preview__controls">
        <button
          type="button"
          className="button button--primary button--sm"
          aria-pressed={playing}
          aria-keyshortcuts="Space"
          onClick={toggle}
          data-testid="scene-preview-play"
        >
          {playing ? '❚❚ Pause' : '▶ Play'}
        </button>
        <span className="muted" aria-live="off" data-testid="scene-preview-time">
          Slide {index + 1} of {slides.length} · {clock.time.toFixed(1)} s / {seconds.toFixed(1)} s
        </span>
      </div>
      <ol className="scene-preview__slides" aria-label={`Slides of scene ${sceneNumber}`}>
        {slides.map((s, i) => (
          <li key={s.layerId}>
            <button
              type="button"
              className={`button button--ghost button--sm${i === index ? ' scene-preview__slide--current' : ''}`}
              aria-current={i === index ? 'step' : undefined}
              aria-label={`Show slide ${i + 1}`}
              onClick={() => setClock({ index: i, time: 0 })}
              data-testid="scene-preview-slide"
              data-layer-id={s.layerId}
              data-spoken={(playing && i === index) || undefined}
            >
              {i + 1}
            </button>
          </li>
        ))}
      </ol>
      <p className="muted">Space plays and pauses the preview.</p>
    </section>
  );
}
