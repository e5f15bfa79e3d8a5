import { useIsMutating, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { CheckboxField } from '@/components/form/checkbox-field';
import { renderSettingsOf, useUpdateRenderSettings, useUserConfig } from '@/features/account';
import { errorMessage, isApiError } from '@/lib/api-client';
import { useUser } from '@/lib/auth';
import { env } from '@/lib/env';
import { useCreditsInfo } from '../api/get-credits-info';
import { useExports } from '../api/get-exports';
import { useRenderStatus } from '../api/get-render-status';
import { RENDER_FAILED, useRenderVideo } from '../api/render-video';
import { useUpdateVideo } from '../api/update-video';
import { videoKeys } from '../api/keys';
import type { CreditsInfo, RenderExportType, RenderProgress, Video } from '../api/types';
import { isBuilding } from '../utils/build-stage';
import { RenderSubtitleStyle } from './render-subtitle-style';
import {
  isRenderActive,
  isRenderFailed,
  latestExports,
  renderPercent,
  renderReuseText,
  renderStageLabel,
} from '../utils/render-progress';

export const BUILDING_GATE_MESSAGE = 'This video is still being generated.';
export const GATE_FALLBACK_MESSAGE = 'This video cannot be rendered right now.';
export const CREDITS_INFO_FAILED = 'We could not check whether this video can be rendered.';
export const RENDER_ERROR_FALLBACK = 'Rendering failed.';
/** The gate's key (renderMessageKey) for a video that is rendering. */
const RENDERING_GATE_KEY = 'render_in_progress';
/**
 * RENDERING_GATE_MESSAGE is the spec's "currently rendering" message (spec 000 section 8), as the server words it: what
 * the gate says while a render runs. The gate may name another reason first (the last allowed render is running, so the
 * maximum of attempts is reached), but that is about the next render, not the one whose progress is shown.
 */
export const RENDERING_GATE_MESSAGE = 'This video is rendering.';
/** Gate keys (and the 402 code) a plan with more credits or videos lifts: their next step is the Plans page. */
const PLAN_KEYS = ['render_not_enough_credits', 'render_video_limit'];
/** Gate keys about what is in the video, which the editor fixes (its problems list goes to each one). */
const EDITOR_KEYS = [
  'render_slide_issues',
  'render_scene_error',
  'render_no_slides',
  'render_scene_missing_narration',
  'render_slide_missing_media',
  'render_validation_errors',
];
export const HARDCODE_FAILED = 'We could not change whether subtitles are burned in.';
export const EMAIL_SETTING_FAILED = 'We could not change your e-mail setting.';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** renderConfirmText is the body of the confirmation: what a render costs and what is left. */
export function renderConfirmText(credits: Pick<CreditsInfo, 'requiredCredits' | 'remainingCredits'>): string {
  return `Rendering this video uses ${plural(credits.requiredCredits, 'credit', 'credits')}. You have ${credits.remainingCredits}.`;
}

/** Subtitle and video downloads in the order the page offers them. */
const DOWNLOADS: Array<{ type: Exclude<RenderExportType, 'thumbnail'>; label: string; ext: string }> = [
  { type: 'mp4', label: 'Video (MP4)', ext: 'mp4' },
  { type: 'srt', label: 'Subtitles (SRT)', ext: 'srt' },
  { type: 'vtt', label: 'Subtitles (WebVTT)', ext: 'vtt' },
  { type: 'ass', label: 'Subtitles (ASS)', ext: 'ass' },
];

/** fileName: the name a download is saved under (browsers honour it for same-origin links only). */
function fileName(video: Video, ext: string): string {
  const base = video.name.trim().replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '').slice(0, 80);
  return `${base || `video-${video.videoId}`}.${ext}`;
}

/**
 * FRESH_LINK_MS: how long after the exports were read a download link is followed as it is. The server signs each
 * link for its presign TTL (a minute at the shortest); an older one is read again on click, so a page left open does
 * not send the user to an expired link.
 */
export const FRESH_LINK_MS = 20_000;

function RenderDownloads({ video, mp4Url }: { video: Video; mp4Url: string }) {
  const exports = useExports(video.videoId);
  const latest = latestExports(exports.data ?? []);

  function follow(e: MouseEvent<HTMLAnchorElement>, type: RenderExportType) {
    if (!latest[type] || Date.now() - exports.dataUpdatedAt < FRESH_LINK_MS) return;
    e.preventDefault();
    const stale = latest[type].url;
    void exports.refetch().then((r) => window.location.assign(latestExports(r.data ?? [])[type]?.url || stale));
  }

  // The MP4 is the player's own file and the ASS file has its own endpoint, so both are offered before the
  // exports answer; SRT and VTT exist only as exports.
  const fallback: Partial<Record<RenderExportType, string>> = {
    mp4: mp4Url,
    ass: `${env.apiUrl}/api/v2/video/${encodeURIComponent(String(video.videoId))}/subtitles/ass`,
  };
  const links = DOWNLOADS.map((d) => ({ ...d, url: latest[d.type]?.url || fallback[d.type] || '' })).filter((d) => d.url);
  return (
    <div className="render-downloads">
      <h3 className="render-downloads__title">Downloads</h3>
      <ul className="render-downloads__list">
        {links.map((d) => (
          <li key={d.type}>
            <a
              className="button button--secondary button--sm"
              href={d.url}
              download={fileName(video, d.ext)}
              onClick={(e) => follow(e, d.type)}
              data-testid={`export-${d.type}`}
            >
              <span aria-hidden="true">⬇</span> {d.label}
            </a>
          </li>
        ))}
      </ul>
      {exports.isError && <p className="muted">Subtitle downloads could not be loaded.</p>}
    </div>
  );
}

/**
 * renderAnnouncement is what screen readers are told as a render goes on: its stage (not every percent), then that it
 * finished (finished: one the page saw running; a failure is told by its own alert).
 */
function renderAnnouncement(progress: RenderProgress | undefined, active: boolean, finished: boolean): string {
  if (progress && active) return `Rendering: ${renderStageLabel(progress)}.`;
  if (finished) return 'The render has finished. The video is ready to play and download.';
  return '';
}

function RenderProgressBar({ progress }: { progress: RenderProgress }) {
  const percent = renderPercent(progress);
  const label = renderStageLabel(progress);
  return (
    <div
      className="render-progress"
      role="progressbar"
      aria-label="Render progress"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={`${label}, ${percent}%`}
      data-testid="render-progress"
    >
      <div className="render-progress__text">
        <span data-testid="render-stage">{label}</span>
        <span data-testid="render-percent">{percent}%</span>
      </div>
      <div className="render-progress__track" aria-hidden="true">
        <div className="render-progress__fill" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

/** sameFile: whether two signed links are to the same stored file, so that only their signatures differ. */
function sameFile(a: string, b: string): boolean {
  try {
    const x = new URL(a, window.location.href);
    const y = new URL(b, window.location.href);
    return x.origin === y.origin && x.pathname === y.pathname;
  } catch {
    return a === b;
  }
}

/** Where a player was when its link failed: it goes on from there with the fresh link. */
interface PlayerPlace {
  src: string;
  time: number;
  playing: boolean;
}

/**
 * RenderPlayer plays the rendered video. Its link is signed for a while, and every read of the video may sign it
 * afresh: a new signature of the same file does not reload the player, which would start again at 0. The link it
 * plays is kept until it fails (it expired); then the fresh one takes over, at the time it had reached, and playing if
 * it was. Another file (a new render) is loaded at once, from its start.
 */
function RenderPlayer({ video, url, poster, onFailed }: { video: Video; url: string; poster: string; onFailed: (url: string) => void }) {
  const playing = useRef(false);
  const [failed, setFailed] = useState<PlayerPlace | null>(null);
  const [shown, setShown] = useState<{ src: string; resume: PlayerPlace | null }>({ src: url, resume: null });
  if (url !== shown.src && (!sameFile(url, shown.src) || failed?.src === shown.src)) {
    setShown({ src: url, resume: failed?.src === shown.src && sameFile(url, shown.src) ? failed : null });
  }

  return (
    <video
      className={`render-player render-player--${video.aspectRatio}`}
      controls
      aria-label={`Rendered video: ${video.name}`}
      preload="metadata"
      src={shown.src}
      poster={poster || undefined}
      onPlay={() => (playing.current = true)}
      onPause={() => (playing.current = false)}
      onEnded={() => (playing.current = false)}
      onError={(e) => {
        setFailed({ src: shown.src, time: e.currentTarget.currentTime, playing: playing.current });
        onFailed(shown.src);
      }}
      onLoadedMetadata={(e) => {
        const resume = shown.resume;
        if (!resume) return;
        setShown((s) => ({ ...s, resume: null }));
        const player = e.currentTarget;
        player.currentTime = resume.time;
        if (resume.playing) player.play()?.catch(() => undefined);
      }}
      data-testid="render-player"
    />
  );
}

/**
 * RenderConfirm asks before credits are spent. Escape cancels (ConfirmDialog); Enter confirms from anywhere in
 * the dialog except the Cancel button, which keeps its own meaning. Focus starts on Confirm so Enter does what the
 * dialog says, and returns to the Render button when it is cancelled (RenderPanel moves it to the status once the
 * render has started).
 */
function RenderConfirm({
  credits,
  busy,
  onConfirm,
  onCancel,
}: {
  credits: CreditsInfo;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Runs after ConfirmDialog's own effect, which focused Cancel and remembered the Render button.
    ref.current?.querySelector<HTMLButtonElement>('[data-testid="render-confirm-submit"]')?.focus();
  }, []);

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    if (e.key !== 'Enter' || busy) return;
    const target = e.target as HTMLElement;
    if (target instanceof HTMLButtonElement && target.dataset.testid !== 'render-confirm-submit') return;
    e.preventDefault();
    onConfirm();
  }

  return (
    <div ref={ref} className="render-confirm" onKeyDown={onKeyDown}>
      <ConfirmDialog
        title="Render this video?"
        confirmLabel="Confirm"
        busy={busy}
        busyLabel="Starting…"
        testId="render-confirm"
        confirmTestId="render-confirm-submit"
        tone="primary"
        onConfirm={onConfirm}
        onCancel={onCancel}
      >
        <p data-testid="render-confirm-credits">{renderConfirmText(credits)}</p>
      </ConfirmDialog>
    </div>
  );
}

/**
 * RenderOptions are the render settings next to the button: whether this video's next render burns its subtitles in
 * and in which subtitle style (a change makes the video a draft, so it may render again), and whether the user is
 * e-mailed when a render ends (their own setting, for every video). The subtitle switch and style are locked while a
 * render runs; the e-mail switch is not: it is read when the render ends.
 */
function RenderOptions({ video, rendering }: { video: Video; rendering: boolean }) {
  const update = useUpdateVideo();
  const config = useUserConfig();
  const settings = useUpdateRenderSettings();
  // A switch moves the moment it is clicked and shows what was asked until the server has answered; then the stored
  // value (the new one, or on an error the old one again). Meanwhile it ignores clicks but stays enabled, so the
  // keyboard's focus stays on it.
  const [wantBurn, setWantBurn] = useState<boolean>();
  const [wantEmail, setWantEmail] = useState<boolean>();
  return (
    <fieldset className="render-options" data-testid="render-options">
      <legend className="render-options__title">Render settings</legend>
      <CheckboxField
        asSwitch
        label="Burn subtitles into the video"
        checked={wantBurn ?? video.hardcodeSubtitles}
        disabled={rendering}
        hint={
          rendering
            ? 'Can be changed when the render has finished.'
            : 'Applies to the next render. The subtitles can always be downloaded as SRT, WebVTT and ASS files.'
        }
        onChange={(hardcodeSubtitles) => {
          if (wantBurn !== undefined) return;
          setWantBurn(hardcodeSubtitles);
          update.mutate({ videoId: video.videoId, hardcodeSubtitles }, { onSettled: () => setWantBurn(undefined) });
        }}
        testId="render-hardcode-subtitles"
      />
      {update.isError && (
        <p className="field__error" role="alert">
          {errorMessage(update.error, HARDCODE_FAILED)}
        </p>
      )}
      <RenderSubtitleStyle video={video} rendering={rendering} />
      <CheckboxField
        asSwitch
        label="E-mail me when a render finishes"
        checked={wantEmail ?? renderSettingsOf(config.data).sendEmailOnRender}
        disabled={!config.data}
        hint={config.isError ? 'Your e-mail setting could not be loaded.' : 'For every video you render.'}
        onChange={(sendEmailOnRender) => {
          if (wantEmail !== undefined) return;
          setWantEmail(sendEmailOnRender);
          settings.mutate({ sendEmailOnRender }, { onSettled: () => setWantEmail(undefined) });
        }}
        testId="render-email"
      />
      {settings.isError && (
        <p className="field__error" role="alert">
          {errorMessage(settings.error, EMAIL_SETTING_FAILED)}
        </p>
      )}
    </fieldset>
  );
}

/**
 * RenderNextStep is what to do about a refusal that has an obvious next step, on a line of its own below the
 * refusal's message (kept word for word): a plan with more credits or videos (the Plans page is the owner's), or the
 * editor for what is wrong in the video (none in the editor itself, whose problems list is next to the panel).
 */
function RenderNextStep({ reason, video, inEditor }: { reason: string; video: Video; inEditor: boolean }) {
  const user = useUser();
  let step = null;
  if (PLAN_KEYS.includes(reason) && user.data?.isOwner) step = <Link to="/dashboard/plans">See plans</Link>;
  else if (EDITOR_KEYS.includes(reason) && !inEditor) step = <Link to={`/editor/${video.videoId}`}>Fix it in the editor</Link>;
  if (!step) return null;
  return (
    <p className="render-panel__next" data-testid="render-next-step">
      {step}
    </p>
  );
}

/**
 * RenderPanel is the render part of the video page: the gated Render button with its confirmation, the progress of
 * the running RenderAttempt (told to screen readers by stage), its error, and the finished video with its downloads,
 * which stay playable and downloadable while the next render runs. inEditor: it is the editor's (which has the
 * video's problems list next to it).
 */
export function RenderPanel({ video, inEditor = false }: { video: Video; inEditor?: boolean }) {
  const building = isBuilding(video);
  const credits = useCreditsInfo(video.videoId, { enabled: !building });
  const status = useRenderStatus(video.videoId, { enabled: !building });
  const render = useRenderVideo();
  const [confirming, setConfirming] = useState(false);
  const titleId = useId();
  const gateId = useId();
  const queryClient = useQueryClient();

  // The gate follows the video: an edit, narration that finishes or media that arrives (seen by polling) may open or
  // close it. The video keeps its identity while nothing in it changes, so this reads the gate again only when
  // something did, and not while an edit is on its way (its optimistic view is not what the server has yet): once
  // after it. What the gate reads outside the video (subtitles, music, inserts, credits) is read again by whatever
  // changes it.
  const editing = useIsMutating({ mutationKey: videoKeys.edits(video.videoId) }) > 0;
  const seen = useRef(video);
  useEffect(() => {
    if (editing || seen.current === video) return;
    seen.current = video;
    void queryClient.invalidateQueries({ queryKey: videoKeys.creditsInfo(video.videoId) });
  }, [video, editing, queryClient]);

  const progress = status.data;
  const active = isRenderActive(progress?.status);
  // The end of a render opens the gate again (or closes it for another reason): it is read again at once, not when the
  // video catches up, and until then its "rendering" answer, from before the end, is not shown.
  const wasActive = useRef(active);
  useEffect(() => {
    if (wasActive.current && !active) void queryClient.invalidateQueries({ queryKey: videoKeys.creditsInfo(video.videoId) });
    wasActive.current = active;
  }, [active, queryClient, video.videoId]);
  const staleRendering = !active && Boolean(progress?.status) && credits.data?.renderMessageKey === RENDERING_GATE_KEY;
  // Whether a render ran while this page was open: only then is its end news to tell screen readers.
  const [watched, setWatched] = useState(false);
  if (active && !watched) setWatched(true);
  // Without a RenderAttempt to ask about, the video's own renderStatus says whether the last render failed.
  const failed = progress
    ? isRenderFailed(progress.status) || (progress.status === '' && video.renderStatus === 'error')
    : status.isError && video.renderStatus === 'error';
  // The status answer has the newest file as soon as an attempt completes; the video catches up when refetched.
  const completed = progress?.status === 'completed';
  // A render that finished while this page watched it: its end is said, and shown where the focus waited for it.
  const finishedHere = completed && watched;
  const playerUrl = (completed && progress.contentUrl) || video.contentUrl;
  const posterUrl = (completed && progress.thumbnailUrl) || video.thumbnailURL;
  // While a new render starts, the last one's reuse is no longer news.
  const reuse = progress && !render.isPending ? renderReuseText(progress) : '';
  // The player's link is signed for a while; when it fails (a page left open past it), the video and the render's
  // status are read again for a fresh one, once per link.
  const failedUrl = useRef('');
  function playerFailed(url: string) {
    if (failedUrl.current === url) return;
    failedUrl.current = url;
    void queryClient.invalidateQueries({ queryKey: videoKeys.detail(video.videoId), exact: true });
    void queryClient.invalidateQueries({ queryKey: videoKeys.renderStatus(video.videoId) });
  }
  const renderedBefore =
    Boolean(playerUrl) ||
    (credits.data?.renderAttempts ?? 0) > 0 ||
    (progress?.attempt ?? 0) > 0 ||
    ['complete', 'rendered', 'error'].includes(video.renderStatus);

  let gateMessage = '';
  // The gate's reason, when the message is the gate's.
  let gateReason = '';
  if (building) gateMessage = BUILDING_GATE_MESSAGE;
  else if (active) gateMessage = RENDERING_GATE_MESSAGE;
  // Until the render status answers, whether a render runs is not known, and with it which of the two to say.
  else if (status.isPending) gateMessage = '';
  else if (credits.isError) gateMessage = errorMessage(credits.error, CREDITS_INFO_FAILED);
  else if (credits.data && !credits.data.renderAllowed && !staleRendering) {
    gateMessage = credits.data.renderMessage || GATE_FALLBACK_MESSAGE;
    gateReason = credits.data.renderMessageKey;
  }
  // A refused render says why in its code, or for the gate's refusals (409) in its "reason" field.
  const refused = isApiError(render.error) ? render.error : null;
  const refusalReason =
    refused?.code === 'render_not_allowed' ? (refused.fields.find((f) => f.field === 'reason')?.message ?? '') : (refused?.code ?? '');
  const disabled = building || !credits.data || !credits.data.renderAllowed || active || render.isPending;

  // The confirmation shows the balance as it is now; should the gate have closed meanwhile, it closes too and the
  // gate's message says why.
  useEffect(() => {
    if (confirming && !render.isPending && credits.data && !credits.data.renderAllowed) setConfirming(false);
  }, [confirming, render.isPending, credits.data]);

  // Once a render starts, the Render button is disabled and cannot take the focus back from the confirmation: the
  // focus goes to the render's status instead, which stays on the page for the whole render and its result. A refusal
  // usually closes the gate too (read again, it disables the button, which would drop the focus to the page): the
  // focus goes to the refusal, which says why and what to do.
  const statusRef = useRef<HTMLDivElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const [focusAfter, setFocusAfter] = useState<'status' | 'notice' | null>(null);
  useEffect(() => {
    if (!focusAfter || confirming) return;
    (focusAfter === 'status' ? statusRef : noticeRef).current?.focus();
    setFocusAfter(null);
  }, [focusAfter, confirming]);

  function confirm() {
    if (render.isPending) return;
    render.mutate(video.videoId, {
      onSuccess: () => setFocusAfter('status'),
      onError: () => setFocusAfter('notice'),
      onSettled: () => setConfirming(false),
    });
  }

  return (
    <section className="panel render-panel" aria-labelledby={titleId} data-testid="render-panel">
      <header className="render-panel__header">
        <h2 className="panel__title" id={titleId}>
          Render
        </h2>
        {credits.data && credits.data.maxRenderAttempts > 0 && (
          <span className="muted" data-testid="render-attempts">
            {credits.data.renderAttempts} of {plural(credits.data.maxRenderAttempts, 'render', 'renders')} used
          </span>
        )}
      </header>

      {playerUrl && <RenderPlayer video={video} url={playerUrl} poster={posterUrl} onFailed={playerFailed} />}

      {reuse && (
        <p className="muted render-panel__reuse" data-testid="render-reuse">
          {reuse}
        </p>
      )}

      {/* The status keeps the focus from the confirmation to the render's end, so it always shows something: the
          progress bar while the render runs, then its outcome (that it finished, or its error), never an empty box. */}
      <div className="render-panel__status" role="group" aria-label="Render status" tabIndex={-1} ref={statusRef} data-testid="render-status">
        {progress && active && <RenderProgressBar progress={progress} />}
        <p className={finishedHere ? 'render-panel__done' : 'visually-hidden'} role="status" data-testid="render-announcement">
          {renderAnnouncement(progress, active, finishedHere)}
        </p>
        {!active && failed && (
          <div className="render-panel__error" role="alert" data-testid="render-error">
            {progress?.status === 'cancelled'
              ? 'The render was cancelled.'
              : progress?.error
                ? `Rendering failed: ${progress.error}`
                : RENDER_ERROR_FALLBACK}
          </div>
        )}
      </div>

      {/* An alert, as the refusal is: a failed check is not in the focused status, and is easy to miss otherwise. */}
      {status.isError && (
        <p className="muted" role="alert">
          We could not check the render progress.{' '}
          <button type="button" className="button button--ghost button--sm" onClick={() => void status.refetch()}>
            Check again
          </button>
        </p>
      )}

      {render.isError && (
        <div className="render-panel__notice" role="alert" tabIndex={-1} ref={noticeRef} data-testid="render-notice">
          {errorMessage(render.error, RENDER_FAILED)}
        </div>
      )}
      {/* Once the gate is read again it says the same, with its own next step. */}
      {refusalReason && refusalReason !== gateReason && <RenderNextStep reason={refusalReason} video={video} inEditor={inEditor} />}

      <div className="render-panel__actions">
        <button
          type="button"
          className="button button--primary"
          disabled={disabled}
          aria-describedby={gateMessage ? gateId : undefined}
          onClick={() => {
            render.reset();
            void credits.refetch();
            setConfirming(true);
          }}
          data-testid="render-button"
        >
          {render.isPending ? 'Starting…' : active ? 'Rendering…' : renderedBefore ? 'Render again' : 'Render video'}
        </button>
        {gateMessage && (
          <span className="render-panel__gate muted" id={gateId} data-testid="render-gate-message">
            {gateMessage}
          </span>
        )}
        {gateReason && <RenderNextStep reason={gateReason} video={video} inEditor={inEditor} />}
        {credits.isError && !active && (
          <button type="button" className="button button--ghost button--sm" onClick={() => void credits.refetch()}>
            Try again
          </button>
        )}
      </div>

      {!building && <RenderOptions video={video} rendering={active} />}

      {playerUrl && <RenderDownloads video={video} mp4Url={playerUrl} />}

      {confirming && credits.data && (
        <RenderConfirm
          credits={credits.data}
          busy={render.isPending}
          onConfirm={confirm}
          onCancel={() => setConfirming(false)}
        />
      )}
    </section>
  );
}
