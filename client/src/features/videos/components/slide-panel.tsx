import { useEffect, useId, useState, type FormEvent } from 'react';
import { isVoiceAvailable, useVoices } from '@/features/voices';
import {
  useAdjustVoiceoverDuration,
  VOICEOVER_DURATION_FAILED,
  VOICEOVER_DURATION_INVALID,
  VOICEOVER_MIN_MS,
} from '../api/adjust-voiceover-duration';
import { REMOVE_SLIDE_MEDIA_FAILED, useRemoveSlideMedia } from '../api/remove-slide-media';
import { TEXT_SLIDE_FAILED, useSetTextSlide } from '../api/set-text-slide';
import type { Slide, SlideAsset, SlideFit, Video } from '../api/types';
import { SLIDE_MUTE_FAILED, useUpdateSlideMute } from '../api/update-slide-mute';
import { SLIDE_TRANSFORM_FAILED, useUpdateSlideTransform } from '../api/update-slide-transform';
import { SLIDE_VOICE_FAILED, useUpdateSlideVoice } from '../api/update-slide-voice';
import { sceneOfSlide } from '../api/video-edit';
import { useEditorSelection } from '../stores/editor-selection';
import { slideMedia } from './video-preview-page';

export const SLIDE_PANEL_EMPTY = 'Select a slide to change its voice, media and how its picture fits.';
export const VOICES_FAILED = 'We could not load the voices.';
/** VIDEO_DEFAULT_VOICE: the voice choice that follows the video's narrator (voiceId null). */
export const VIDEO_DEFAULT_VOICE = 'Video default';

/** All voices the account can choose, as the create flow's picker lists them (recommended or not). */
const ALL_VOICES = { search: '', recommendedOnly: false, tags: {} };

/** mediaPlaceId: the id DELETE .../assets/{id} takes: the layer asset's own id, the asset id when the server sends none. */
const mediaPlaceId = (a: SlideAsset) => a.layerAssetId ?? a.assetId;

const isTextSlide = (slide: Slide) => slide.assetList.length > 0 && slideMedia(slide) === undefined;

interface SlidePanelProps {
  video: Video;
  /** The slide asks for the media picker (add or replace its media). */
  onPickMedia: (slide: Slide) => void;
  /** Wraps a refusal into the editor's notice, with the fallback wording. */
  refused: (fallback: string) => (error: Error) => void;
  /** Clears the editor's notice before a new change. */
  onChange: () => void;
}

function VoiceoverDuration({ video, slide, refused, onChange }: { video: Video; slide: Slide; refused: SlidePanelProps['refused']; onChange: () => void }) {
  const adjust = useAdjustVoiceoverDuration(video.videoId, { onError: refused(VOICEOVER_DURATION_FAILED) });
  const [value, setValue] = useState(String(slide.duration));
  const [error, setError] = useState('');
  const inputId = useId();
  const errorId = useId();
  useEffect(() => setValue(String(slide.duration)), [slide.duration, slide.layerId]);

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const seconds = Number(value);
    const durationMs = Math.round(seconds * 1000);
    if (!value.trim() || !Number.isFinite(seconds) || durationMs < VOICEOVER_MIN_MS) {
      setError(VOICEOVER_DURATION_INVALID);
      return;
    }
    setError('');
    onChange();
    adjust.mutate({ layerId: slide.layerId, durationMs });
  }

  return (
    <form className="slide-panel__row" onSubmit={onSubmit} noValidate data-testid="voiceover-duration">
      <label htmlFor={inputId}>Duration (seconds)</label>
      <input
        id={inputId}
        type="number"
        className="input input--sm"
        min={VOICEOVER_MIN_MS / 1000}
        step={0.1}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => setValue(e.target.value)}
        data-testid="voiceover-duration-input"
      />
      <button type="submit" className="button button--secondary button--sm" disabled={adjust.isPending} data-testid="voiceover-duration-save">
        {adjust.isPending ? 'Saving…' : 'Set duration'}
      </button>
      <p className="muted">The next slide (the previous for the last) takes up the difference, so the voiceover keeps its length.</p>
      {error && (
        <p className="field-error" id={errorId} role="alert" data-testid="voiceover-duration-error">
          {error}
        </p>
      )}
    </form>
  );
}

/**
 * SlidePanel changes the active slide: its narrator (or the video's), mute, how its picture fits the frame, its
 * media (choose, remove, or a text slide) and, in a voiceover video, its share of the voiceover.
 */
export function SlidePanel({ video, onPickMedia, refused, onChange }: SlidePanelProps) {
  const activeSlideId = useEditorSelection((s) => s.activeSlideId);
  const voices = useVoices(ALL_VOICES);
  const videoId = video.videoId;
  const updateVoice = useUpdateSlideVoice(videoId, { onError: refused(SLIDE_VOICE_FAILED) });
  const updateMute = useUpdateSlideMute(videoId, { onError: refused(SLIDE_MUTE_FAILED) });
  const updateTransform = useUpdateSlideTransform(videoId, { onError: refused(SLIDE_TRANSFORM_FAILED) });
  const removeMedia = useRemoveSlideMedia(videoId, { onError: refused(REMOVE_SLIDE_MEDIA_FAILED) });
  const setTextSlide = useSetTextSlide(videoId, { onError: refused(TEXT_SLIDE_FAILED) });
  const titleId = useId();
  const voiceId = useId();
  const fitName = useId();

  const scene = activeSlideId !== null ? sceneOfSlide(video, activeSlideId) : undefined;
  const slide = scene?.layerList.find((s) => s.layerId === activeSlideId);

  if (!scene || !slide) {
    return (
      <section className="panel slide-panel" aria-labelledby={titleId} data-testid="slide-panel">
        <h2 className="panel__title" id={titleId}>
          Slide
        </h2>
        <p className="muted" data-testid="slide-panel-empty">
          {SLIDE_PANEL_EMPTY}
        </p>
      </section>
    );
  }

  const sceneNumber = video.scenes.indexOf(scene) + 1;
  const slideNumber = scene.layerList.indexOf(slide) + 1;
  const media = slideMedia(slide);
  const fit: SlideFit = slide.transform?.fit ?? 'cover';
  const available = (voices.data?.pages.flatMap((p) => p.voices) ?? []).filter((v) => isVoiceAvailable(v) || v.voiceId === slide.voiceId);

  return (
    <section className="panel slide-panel" aria-labelledby={titleId} data-testid="slide-panel" data-layer-id={slide.layerId}>
      <h2 className="panel__title" id={titleId}>
        Scene {sceneNumber}, slide {slideNumber}
      </h2>

      <div className="slide-panel__row">
        <label htmlFor={voiceId}>Voice</label>
        {voices.isError ? (
          <p className="muted">{VOICES_FAILED}</p>
        ) : (
          <select
            id={voiceId}
            className="input input--sm"
            value={slide.voiceId === null ? '' : String(slide.voiceId)}
            disabled={voices.isPending}
            onChange={(e) => {
              onChange();
              updateVoice.mutate({ layerId: slide.layerId, voiceId: e.target.value === '' ? null : Number(e.target.value) });
            }}
            data-testid="slide-voice"
          >
            <option value="">{voices.isPending ? 'Loading voices…' : VIDEO_DEFAULT_VOICE}</option>
            {available.map((v) => (
              <option key={v.voiceId} value={v.voiceId}>
                {v.name || `Voice ${v.voiceId}`}
                {v.languageCode ? ` (${v.languageCode})` : ''}
              </option>
            ))}
            {slide.voiceId !== null && !available.some((v) => v.voiceId === slide.voiceId) && !voices.isPending && (
              <option value={slide.voiceId}>Voice {slide.voiceId}</option>
            )}
          </select>
        )}
      </div>

      <div className="slide-panel__row">
        <label>
          <input
            type="checkbox"
            checked={slide.muted}
            onChange={(e) => {
              onChange();
              updateMute.mutate({ layerId: slide.layerId, muted: e.target.checked });
            }}
            data-testid="slide-mute"
          />{' '}
          Mute this slide
        </label>
        <p className="muted">A muted slide keeps its time on screen; its narration is not heard and it has no subtitles.</p>
      </div>

      <fieldset className="slide-panel__row" disabled={!media} data-testid="slide-fit">
        <legend>Picture fit</legend>
        {(
          [
            ['cover', 'Fill the frame'],
            ['contain', 'Show the whole picture'],
          ] as const
        ).map(([value, label]) => (
          <label key={value}>
            <input
              type="radio"
              name={fitName}
              value={value}
              checked={fit === value}
              onChange={() => {
                onChange();
                updateTransform.mutate({ layerId: slide.layerId, fit: value, crop: slide.transform?.crop ?? null });
              }}
              data-testid={`slide-fit-${value}`}
            />{' '}
            {label}
          </label>
        ))}
        {!media && <p className="muted">This slide has no picture or video.</p>}
      </fieldset>

      <div className="slide-panel__row" data-testid="slide-media">
        <span>Media: </span>
        <span className="muted" data-testid="slide-media-name">
          {media ? media.name || (media.type === 'video' ? 'Untitled video' : 'Untitled picture') : isTextSlide(slide) ? 'Text slide' : 'No media'}
        </span>
        <div className="slide-panel__actions">
          <button type="button" className="button button--secondary button--sm" onClick={() => onPickMedia(slide)} data-testid="slide-choose-media">
            {slide.assetList.length > 0 ? 'Replace media…' : 'Add media…'}
          </button>
          {slide.assetList.length > 0 && (
            <button
              type="button"
              className="button button--ghost button--sm"
              disabled={removeMedia.isPending}
              onClick={() => {
                onChange();
                removeMedia.mutate({ layerId: slide.layerId, layerAssetId: mediaPlaceId(media ?? slide.assetList[0]) });
              }}
              data-testid="slide-remove-media"
            >
              Remove media
            </button>
          )}
          {!isTextSlide(slide) && (
            <button
              type="button"
              className="button button--ghost button--sm"
              disabled={setTextSlide.isPending}
              onClick={() => {
                onChange();
                setTextSlide.mutate({ layerId: slide.layerId, text: slide.text, hasMedia: slide.assetList.length > 0 });
              }}
              data-testid="slide-text-slide"
            >
              Make it a text slide
            </button>
          )}
        </div>
      </div>

      {video.isVoiceover && <VoiceoverDuration video={video} slide={slide} refused={refused} onChange={onChange} />}
    </section>
  );
}
