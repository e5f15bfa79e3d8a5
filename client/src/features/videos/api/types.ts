/** Build stages of a generated video (spec 001 section 3): ReadyToRender (4) means the build is over. */
export const BUILD_STAGE = {
  PopulatingData: 1,
  LayersCreated: 2,
  AutomatchCompleted: 3,
  ReadyToRender: 4,
} as const;

/** Step the create workflow is on; "ready" and "failed" are final. Unknown future steps are kept as strings. */
export type BuildStep =
  | 'retrievingContent'
  | 'generatingScript'
  | 'summarizing'
  | 'splittingText'
  | 'matchingMedia'
  | 'generatingNarration'
  | 'ready'
  | 'failed'
  | (string & {});

export type AspectRatio = 'horizontal' | 'vertical';

/** Render state of a video in the list (spec 001: draft, rendering, rendered, error). */
export type RenderStatus = 'draft' | 'rendering' | 'rendered' | 'error' | (string & {});

/** MediaState is where a media-library asset is in its import; unknown future states are kept as strings. */
export type MediaState = 'created' | 'pending' | 'processing' | 'complete' | 'error' | (string & {});

/** SlideAsset is one piece of media matched to a slide (or the text of a text slide). */
export interface SlideAsset {
  assetId: number;
  sourceId?: number;
  /** Id of the media's place on the slide (DELETE /layer/{layerId}/assets/{layerAssetId}); the assetId when the server sends none. */
  layerAssetId?: number;
  name: string;
  type: 'image' | 'video' | 'audio' | 'text' | (string & {});
  url: string;
  previewUrl: string;
  thumbnailUrl: string;
  text: string;
  tagline: string;
  /** Import state of the media: pending or processing while the library still imports it. */
  state: MediaState;
  length?: number;
  duration?: number;
}

/** NarrationSentence is one sentence of a slide's narration with its timing. */
export interface NarrationSentence {
  text: string;
  startMs: number;
  durationMs: number;
}

/** Narration is the generated voice audio of one slide. */
export interface Narration {
  assetId: number;
  url: string;
  durationMs: number;
  sentences: NarrationSentence[];
}

/** Slide (a "layer" in the API) is one screen of a scene: text, media and narration. */
export interface Slide {
  layerId: number;
  sceneId: number;
  order: number;
  /** Seconds. */
  duration: number;
  text: string;
  tagline: string;
  voiceId: number | null;
  isFullScreen: boolean;
  isPlaceholder: boolean;
  /** A muted slide keeps its time on screen; its narration is not heard and it has no subtitles. */
  muted: boolean;
  /** How the slide's picture fills the frame; null = cover, no crop. */
  transform: SlideTransform | null;
  narration: Narration | null;
  assetList: SlideAsset[];
}

/** SlideFit: cover fills the frame (cropping), contain shows the whole picture (bars). */
export type SlideFit = 'cover' | 'contain';

/** SlideCrop is a part of the picture as fractions of its width and height. */
export interface SlideCrop {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** SlideTransform is PUT /layer/{layerId}/transform's body and the slide's "transform" field. */
export interface SlideTransform {
  fit: SlideFit;
  crop: SlideCrop | null;
}

/** Scene is an ordered group of slides. */
export interface Scene {
  sceneId: number;
  order: number;
  templateId: number | null;
  needsAudio: boolean;
  audioError: string;
  /** Seconds. */
  duration: number;
  layerList: Slide[];
}

/** Video as GET /api/v2/video/{id} answers it. */
export interface Video {
  videoId: number;
  name: string;
  description: string;
  draft: boolean;
  voiceId: number | null;
  aspectRatio: AspectRatio;
  renderStatus: RenderStatus;
  contentUrl: string;
  thumbnailURL: string;
  buildStage: number;
  buildStageName: string;
  buildStep: BuildStep;
  buildError: string;
  pageUrl: string;
  text: string;
  keywords: string[];
  templateId: number | null;
  subtitleStyleConfigId: number | null;
  hardcodeSubtitles: boolean;
  pauseAfterSlide: number;
  /** Seconds. */
  duration: number;
  isVoiceover: boolean;
  createdAt: string;
  updatedAt: string;
  scenes: Scene[];
}

/** VideoListItem is one card of Manage Videos. */
export interface VideoListItem {
  videoId: number;
  name: string;
  thumbnailURL: string;
  renderStatus: RenderStatus;
  buildStage: number;
  buildStep: BuildStep;
  /** Seconds. */
  duration: number;
  sceneCount: number;
  aspectRatio: AspectRatio;
  createdAt: string;
  isVoiceover: boolean;
  /** Not in the list contract yet; used for the card image when present. */
  scenes?: Scene[];
}

/** Filters of Manage Videos (the page is 1-based). Empty strings mean "no filter". */
export interface VideoListParams {
  page: number;
  search: string;
  createdByMe: boolean;
  renderStatus: string;
  /** yyyy-mm-dd */
  createdAfter: string;
  /** yyyy-mm-dd */
  createdBefore: string;
}

export interface VideoPage {
  videos: VideoListItem[];
  page: number;
  pageSize: number;
  total: number;
}

/** CreditsInfo is GET /api/v2/video/{id}/credits-info: the price of a render and the server's render gate. */
export interface CreditsInfo {
  canRender: boolean;
  requiredCredits: number;
  remainingCredits: number;
  renderAttempts: number;
  maxRenderAttempts: number;
  errorTranslationKey: string;
  /** The render gate: false disables the Render button and renderMessage says why. */
  renderAllowed: boolean;
  renderMessage: string;
  renderMessageKey: string;
}

/** RenderJobStatus is the state of the latest RenderAttempt; "" means the video was never rendered. */
export type RenderJobStatus = 'pending' | 'rendering' | 'completed' | 'failed' | 'cancelled' | '';

/**
 * RenderStage is where a RenderAttempt is; unknown future stages are kept as strings. 'waiting': it had started and
 * no worker answers now, so progress and scenes are the last ones seen.
 */
export type RenderStage = 'queued' | 'waiting' | 'planning' | 'rendering' | 'joining' | 'done' | 'failed' | (string & {});

/** RenderProgress is GET /api/v2/video/{id}/renderStatusWithDetails for the latest RenderAttempt. */
export interface RenderProgress {
  videoId: number;
  renderStatus: RenderStatus;
  attempt: number;
  status: RenderJobStatus;
  stage: RenderStage;
  /** 0..1 */
  progress: number;
  scenesTotal: number;
  scenesDone: number;
  /** Of the done scenes, those an earlier render's segment served (unchanged); the rest were rendered afresh. */
  scenesReused: number;
  /** A step of the running render failed (its worker died, or it may pass) and is being tried again. */
  retrying: boolean;
  error: string;
  contentUrl: string;
  thumbnailUrl: string;
}

/** RenderStarted is the 202 answer of PUT /api/v2/video/{id}/render. */
export interface RenderStarted {
  videoId: number;
  attempt: number;
  renderStatus: RenderStatus;
}

/** RENDER_EXPORT_TYPES are the files a finished render leaves behind. */
export const RENDER_EXPORT_TYPES = ['mp4', 'thumbnail', 'srt', 'vtt', 'ass'] as const;
export type RenderExportType = (typeof RENDER_EXPORT_TYPES)[number];

/** RenderExport is one downloadable file of a RenderAttempt (signed link). */
export interface RenderExport {
  type: RenderExportType;
  url: string;
  attempt: number;
  durationMs?: number;
  createdAt: string;
  contentType: string;
}

/** BackgroundAudioItem is one piece of music under a video (its soundtrack), from GET .../backgroundAudio. */
export interface BackgroundAudioItem {
  /** Id of the item itself; the same audio asset may be used twice. */
  videoBackgroundAudioAssetId: number;
  assetId: number;
  name: string;
  /** 1-based place in the soundtrack. */
  order: number;
  /** 0..100 */
  volume: number;
  /** Seconds. */
  length: number;
  /** Signed link to the audio, valid for a while. */
  url: string;
  /** The file was deleted from the library: the render leaves it out. */
  deleted: boolean;
}

/** LibraryAudio is one finished audio file of the account's media library that can be added to a soundtrack. */
export interface LibraryAudio {
  assetId: number;
  name: string;
  /** Seconds. */
  duration: number;
  url: string;
}

/** VIDEO_INSERT_TYPE: the clips that can play around a video (GET /api/v2/video/insert/types). */
export const VIDEO_INSERT_TYPE = {
  Intro: 1,
  Outro: 2,
  ScenePrepend: 3,
} as const;

/** VideoInsertType is one kind of insert the server offers; its name is the server's own (e.g. "Scene prepend"). */
export interface VideoInsertType {
  videoInsertTypeId: number;
  name: string;
}

/** VideoInsert is a media-library video that plays around a video (intro, outro, before each scene). */
export interface VideoInsert {
  videoInsertId: number;
  videoInsertTypeId: number;
  assetId: number;
  name: string;
  /** Seconds. */
  length: number;
  /** Signed link to the mp4, valid for a while. */
  url: string;
  thumbnailUrl: string;
  /** The video was deleted from the library: the render leaves it out. */
  deleted: boolean;
}

/** LibraryVideo is one finished video of the account's media library that can be used as an insert. */
export interface LibraryVideo {
  assetId: number;
  name: string;
  /** Seconds. */
  duration: number;
  url: string;
  thumbnailUrl: string;
}

/** LibraryMedia is one picture or video of the account's media library that can be put on a slide. */
export interface LibraryMedia {
  assetId: number;
  name: string;
  type: 'image' | 'video';
  state: MediaState;
  thumbnailUrl: string;
  previewUrl: string;
}

/** Subtitle is one cue of the video's subtitles (times in milliseconds from the start of the video). */
export interface Subtitle {
  subtitleId: number;
  startMs: number;
  durationMs: number;
  text: string;
}

/** Subtitles is GET /api/v2/video/{id}/subtitles: the cues in time order; edited is false while they follow the narration. */
export interface Subtitles {
  subtitles: Subtitle[];
  edited: boolean;
}

/** SubtitleInput is the body of POST and PUT of a cue. */
export interface SubtitleInput {
  startMs: number;
  durationMs: number;
  text: string;
}
