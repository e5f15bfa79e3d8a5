import {
  RENDER_EXPORT_TYPES,
  type BackgroundAudioItem,
  type CreditsInfo,
  type LibraryAudio,
  type LibraryMedia,
  type LibraryVideo,
  type MediaState,
  type Narration,
  type RenderExport,
  type RenderExportType,
  type RenderJobStatus,
  type RenderProgress,
  type RenderStarted,
  type Scene,
  type Slide,
  type SlideAsset,
  type SlideTransform,
  type Subtitles,
  type Video,
  type VideoInsert,
  type VideoInsertType,
  type VideoListItem,
} from './types';

type Raw = Record<string, unknown>;

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const num = (v: unknown, fallback = 0): number => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);
const numOrNull = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const arr = (v: unknown): Raw[] => (Array.isArray(v) ? (v.filter((x) => typeof x === 'object' && x !== null) as Raw[]) : []);
const byOrder = <T extends { order: number }>(items: T[]) => [...items].sort((a, b) => a.order - b.order);

const STATES_BY_STATUS: Record<number, MediaState> = { 1: 'created', 2: 'pending', 3: 'processing', 4: 'complete', 5: 'error' };

/** mediaState: the state string, else the numeric status; media without either is taken as complete (older answers). */
function mediaState(raw: Raw): MediaState {
  return str(raw.state) || STATES_BY_STATUS[num(raw.status)] || 'complete';
}

function normalizeAsset(raw: Raw): SlideAsset {
  return {
    assetId: num(raw.assetId),
    sourceId: numOrNull(raw.sourceId) ?? undefined,
    layerAssetId: numOrNull(raw.layerAssetId) ?? undefined,
    name: str(raw.name),
    type: str(raw.type) || 'image',
    url: str(raw.url),
    previewUrl: str(raw.previewUrl),
    thumbnailUrl: str(raw.thumbnailUrl),
    text: str(raw.text),
    tagline: str(raw.tagline),
    state: mediaState(raw),
    length: numOrNull(raw.length) ?? undefined,
    duration: numOrNull(raw.duration) ?? undefined,
  };
}

function normalizeNarration(raw: unknown): Narration | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const n = raw as Raw;
  if (!str(n.url)) return null;
  return {
    assetId: num(n.assetId),
    url: str(n.url),
    durationMs: num(n.durationMs),
    sentences: arr(n.sentences).map((s) => ({ text: str(s.text), startMs: num(s.startMs), durationMs: num(s.durationMs) })),
  };
}

function normalizeTransform(raw: unknown): SlideTransform | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const t = raw as Raw;
  const c = typeof t.crop === 'object' && t.crop !== null ? (t.crop as Raw) : null;
  return {
    fit: t.fit === 'contain' ? 'contain' : 'cover',
    crop: c ? { x: num(c.x), y: num(c.y), width: num(c.width, 1), height: num(c.height, 1) } : null,
  };
}

function normalizeSlide(raw: Raw): Slide {
  return {
    layerId: num(raw.layerId),
    sceneId: num(raw.sceneId),
    order: num(raw.order),
    duration: num(raw.duration),
    text: str(raw.text),
    tagline: str(raw.tagline),
    voiceId: numOrNull(raw.voiceId),
    isFullScreen: raw.isFullScreen === true,
    isPlaceholder: raw.isPlaceholder === true,
    muted: raw.muted === true,
    transform: normalizeTransform(raw.transform),
    narration: normalizeNarration(raw.narration),
    assetList: arr(raw.assetList).map(normalizeAsset),
  };
}

function normalizeScene(raw: Raw): Scene {
  return {
    sceneId: num(raw.sceneId),
    order: num(raw.order),
    templateId: numOrNull(raw.templateId),
    needsAudio: raw.needsAudio === true,
    audioError: str(raw.audioError),
    duration: num(raw.duration),
    layerList: byOrder(arr(raw.layerList).map(normalizeSlide)),
  };
}

/** normalizeVideo fills missing fields so screens never meet undefined, and orders scenes and slides. */
export function normalizeVideo(raw: unknown): Video {
  const v = (typeof raw === 'object' && raw !== null ? raw : {}) as Raw;
  return {
    videoId: num(v.videoId),
    name: str(v.name),
    description: str(v.description),
    draft: v.draft !== false,
    voiceId: numOrNull(v.voiceId),
    aspectRatio: v.aspectRatio === 'vertical' ? 'vertical' : 'horizontal',
    renderStatus: str(v.renderStatus) || 'draft',
    contentUrl: str(v.contentUrl),
    // The render API spells it thumbnailUrl; older answers thumbnailURL.
    thumbnailURL: str(v.thumbnailURL) || str(v.thumbnailUrl),
    buildStage: num(v.buildStage),
    buildStageName: str(v.buildStageName),
    buildStep: str(v.buildStep),
    buildError: str(v.buildError),
    pageUrl: str(v.pageUrl),
    text: str(v.text),
    keywords: Array.isArray(v.keywords) ? v.keywords.filter((k): k is string => typeof k === 'string') : [],
    templateId: numOrNull(v.templateId),
    subtitleStyleConfigId: numOrNull(v.subtitleStyleConfigId),
    hardcodeSubtitles: v.hardcodeSubtitles === true,
    pauseAfterSlide: num(v.pauseAfterSlide),
    duration: num(v.duration),
    isVoiceover: v.isVoiceover === true,
    createdAt: str(v.createdAt),
    updatedAt: str(v.updatedAt),
    scenes: byOrder(arr(v.scenes).map(normalizeScene)),
  };
}

/** normalizeVideoListItem does the same for one card of the list. */
export function normalizeVideoListItem(raw: unknown): VideoListItem {
  const v = (typeof raw === 'object' && raw !== null ? raw : {}) as Raw;
  return {
    videoId: num(v.videoId),
    name: str(v.name),
    thumbnailURL: str(v.thumbnailURL) || str(v.thumbnailUrl),
    renderStatus: str(v.renderStatus) || 'draft',
    buildStage: num(v.buildStage),
    buildStep: str(v.buildStep),
    duration: num(v.duration),
    sceneCount: num(v.sceneCount),
    aspectRatio: v.aspectRatio === 'vertical' ? 'vertical' : 'horizontal',
    createdAt: str(v.createdAt),
    isVoiceover: v.isVoiceover === true,
    scenes: Array.isArray(v.scenes) ? byOrder(arr(v.scenes).map(normalizeScene)) : undefined,
  };
}

const asRecord = (raw: unknown): Raw => (typeof raw === 'object' && raw !== null ? (raw as Raw) : {});
const clamp01 = (n: number) => Math.min(1, Math.max(0, n));
const JOB_STATUSES: readonly RenderJobStatus[] = ['pending', 'rendering', 'completed', 'failed', 'cancelled'];

/** normalizeCreditsInfo: a missing renderAllowed means "not allowed", so the button never opens on a bad answer. */
export function normalizeCreditsInfo(raw: unknown): CreditsInfo {
  const c = asRecord(raw);
  return {
    canRender: c.canRender === true,
    requiredCredits: num(c.requiredCredits),
    remainingCredits: num(c.remainingCredits),
    renderAttempts: num(c.renderAttempts),
    maxRenderAttempts: num(c.maxRenderAttempts),
    errorTranslationKey: str(c.errorTranslationKey),
    renderAllowed: c.renderAllowed === true,
    renderMessage: str(c.renderMessage),
    renderMessageKey: str(c.renderMessageKey),
  };
}

/** normalizeRenderProgress: unknown job states become "" (no render) and progress is kept within 0..1. */
export function normalizeRenderProgress(raw: unknown): RenderProgress {
  const p = asRecord(raw);
  const status = JOB_STATUSES.find((s) => s === p.status) ?? '';
  return {
    videoId: num(p.videoId),
    renderStatus: str(p.renderStatus),
    attempt: num(p.attempt),
    status,
    stage: str(p.stage),
    progress: status === 'completed' ? 1 : clamp01(num(p.progress)),
    scenesTotal: num(p.scenesTotal),
    scenesDone: num(p.scenesDone),
    scenesReused: num(p.scenesReused),
    retrying: p.retrying === true,
    error: str(p.error),
    contentUrl: str(p.contentUrl),
    thumbnailUrl: str(p.thumbnailUrl),
  };
}

/** normalizeRenderStarted reads the 202 answer of PUT /render. */
export function normalizeRenderStarted(raw: unknown, videoId: number): RenderStarted {
  const r = asRecord(raw);
  return { videoId: num(r.videoId, videoId), attempt: num(r.attempt), renderStatus: str(r.renderStatus) };
}

/** normalizeExports keeps the files the page can offer (known type and a link). */
export function normalizeExports(raw: unknown): RenderExport[] {
  return arr(asRecord(raw).exports)
    .filter((e): e is Raw & { type: RenderExportType } => RENDER_EXPORT_TYPES.some((t) => t === e.type) && str(e.url) !== '')
    .map((e) => ({
      type: e.type,
      url: str(e.url),
      attempt: num(e.attempt),
      durationMs: numOrNull(e.durationMs) ?? undefined,
      createdAt: str(e.createdAt),
      contentType: str(e.contentType),
    }));
}

const clampVolume = (n: number) => Math.min(100, Math.max(0, Math.round(n)));

/** normalizeBackgroundAudioItem: the volume is kept within 0..100 so the slider never meets a value it cannot show. */
export function normalizeBackgroundAudioItem(raw: unknown): BackgroundAudioItem {
  const i = asRecord(raw);
  return {
    videoBackgroundAudioAssetId: num(i.videoBackgroundAudioAssetId),
    assetId: num(i.assetId),
    name: str(i.name),
    order: num(i.order),
    volume: clampVolume(num(i.volume, 20)),
    length: num(i.length),
    url: str(i.url),
    deleted: i.deleted === true,
  };
}

/** normalizeBackgroundAudio reads {items} in soundtrack order; items without an id cannot be changed and are left out. */
export function normalizeBackgroundAudio(raw: unknown): BackgroundAudioItem[] {
  return byOrder(arr(asRecord(raw).items).map(normalizeBackgroundAudioItem).filter((i) => i.videoBackgroundAudioAssetId > 0));
}

/**
 * normalizeLibraryAudio reads GET /api/v2/asset/page ({assets, totalItems, ...}) and keeps the audio that has
 * finished importing: the page cannot filter by state, and the soundtrack refuses audio that is still importing.
 */
export function normalizeLibraryAudio(raw: unknown): LibraryAudio[] {
  const page = asRecord(raw);
  const assets = arr(Array.isArray(page.assets) ? page.assets : page.items);
  return assets
    .filter((a) => (a.type === undefined || a.type === 'audio') && (a.state === 'complete' || (a.state === undefined && a.status === 4)))
    .map((a) => ({
      assetId: num(a.assetId),
      name: str(a.name),
      duration: num(a.duration) || num(a.length),
      url: str(a.previewUrl) || str(a.url),
    }))
    .filter((a) => a.assetId > 0);
}

/** normalizeVideoInsertTypes reads {types}; types without an id are left out. */
export function normalizeVideoInsertTypes(raw: unknown): VideoInsertType[] {
  return arr(asRecord(raw).types)
    .map((t) => ({ videoInsertTypeId: num(t.videoInsertTypeId), name: str(t.name) }))
    .filter((t) => t.videoInsertTypeId > 0);
}

/** normalizeVideoInsert reads one insert (the answer of POST and PUT, or an entry of the list). */
export function normalizeVideoInsert(raw: unknown): VideoInsert {
  const i = asRecord(raw);
  return {
    videoInsertId: num(i.videoInsertId),
    videoInsertTypeId: num(i.videoInsertTypeId),
    assetId: num(i.assetId),
    name: str(i.name),
    length: num(i.length) || num(i.duration),
    url: str(i.url),
    thumbnailUrl: str(i.thumbnailUrl),
    deleted: i.deleted === true,
  };
}

/**
 * normalizeVideoInserts reads {inserts}. Inserts without an id cannot be changed and are left out; a video has at
 * most one insert of each type, so should the server ever answer two, the first one is kept.
 */
export function normalizeVideoInserts(raw: unknown): VideoInsert[] {
  const seen = new Set<number>();
  return arr(asRecord(raw).inserts)
    .map(normalizeVideoInsert)
    .filter((i) => {
      if (i.videoInsertId <= 0 || seen.has(i.videoInsertTypeId)) return false;
      seen.add(i.videoInsertTypeId);
      return true;
    });
}

/**
 * normalizeLibraryVideos reads GET /api/v2/asset/page?assetType=video and keeps the videos that have finished
 * importing: the server refuses a video that is still importing as an insert.
 */
export function normalizeLibraryVideos(raw: unknown): LibraryVideo[] {
  const page = asRecord(raw);
  const assets = arr(Array.isArray(page.assets) ? page.assets : page.items);
  return assets
    .filter((a) => (a.type === undefined || a.type === 'video') && (a.state === 'complete' || (a.state === undefined && a.status === 4)))
    .map((a) => ({
      assetId: num(a.assetId),
      name: str(a.name),
      duration: num(a.duration) || num(a.length),
      url: str(a.previewUrl) || str(a.url),
      thumbnailUrl: str(a.thumbnailUrl),
    }))
    .filter((a) => a.assetId > 0);
}

/**
 * normalizeLibraryMedia reads GET /api/v2/asset/page?assetType=image&assetType=video and keeps every picture and
 * video that has not failed: a slide may take media that is still importing (it shows "Importing…" until done).
 */
export function normalizeLibraryMedia(raw: unknown): LibraryMedia[] {
  const page = asRecord(raw);
  const assets = arr(Array.isArray(page.assets) ? page.assets : page.items);
  return assets
    .filter((a): a is Raw & { type: 'image' | 'video' } => a.type === 'image' || a.type === 'video')
    .map((a) => ({
      assetId: num(a.assetId),
      name: str(a.name),
      type: a.type,
      state: mediaState(a),
      thumbnailUrl: str(a.thumbnailUrl),
      previewUrl: str(a.previewUrl) || str(a.url),
    }))
    .filter((a) => a.assetId > 0 && a.state !== 'error');
}

/** normalizeSubtitles reads {subtitles, edited} in time order; cues without an id cannot be changed and are left out. */
export function normalizeSubtitles(raw: unknown): Subtitles {
  const s = asRecord(raw);
  const subtitles = arr(s.subtitles)
    .map((c) => ({ subtitleId: num(c.subtitleId), startMs: Math.max(0, num(c.startMs)), durationMs: num(c.durationMs), text: str(c.text) }))
    .filter((c) => c.subtitleId > 0)
    .sort((a, b) => a.startMs - b.startMs);
  return { subtitles, edited: s.edited === true };
}
