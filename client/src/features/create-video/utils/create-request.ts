import type { AutomatchSettings, CreateVideoRequest } from '../api/types';
import type { DraftData } from '../stores/create-video-draft';
import { normalizePageUrl } from './validation';

/** withSomeSource: with no automatch source chosen, stock images, stock videos and AI images are all used. */
export function withSomeSource(a: AutomatchSettings): AutomatchSettings {
  const any = a.includeUserMedia || a.includeArticleMedia || a.includeAiImages || a.includeStockImages || a.includeStockVideos;
  return any ? { ...a } : { ...a, includeStockImages: true, includeStockVideos: true, includeAiImages: true };
}

/**
 * buildCreateVideoRequest turns the draft into the body of POST /api/v2/video. Only the draft's own source goes
 * along: a page URL (with the pulled images chosen) for a page, otherwise the script text. The voice is sent only
 * when the user or a preset chose one.
 */
export function buildCreateVideoRequest(d: DraftData): CreateVideoRequest {
  const s = d.settings;
  const fromPage = d.createType === 'url' || d.createType === null ? normalizePageUrl(d.contentUrl) : '';
  const req: CreateVideoRequest = {
    name: d.name.trim() || 'Untitled',
    description: d.description.trim(),
    text: d.body.trim(),
    keywords: d.keywords,
    pauseAfterSlide: s.pauseBetweenSlidesMs / 1000,
    maxSentencesPerSlide: s.maxSentencesPerSlide,
    canCreateTextSlides: s.canCreateTextSlides,
    generateTaglines: s.autoTaglines,
    aspectRatio: s.aspectRatio,
    hardcodeSubtitles: s.hardcodeSubtitles,
    subtitleStyleConfigId: s.subtitleStyleConfigId,
    templateId: s.templateId,
    pageUrl: fromPage,
    initialAssets: fromPage ? d.mediaAssetIds : [],
    automatch: withSomeSource(s.automatch),
  };
  if (s.voiceId) req.voiceId = s.voiceId;
  if (d.createVideoRequestId) req.createVideoRequestId = d.createVideoRequestId;
  return req;
}

/** creatingMessage: what the create button says while POST /api/v2/video runs. */
export function creatingMessage(d: DraftData): string {
  if (d.createType === 'url' && !d.body.trim()) return 'Retrieving content…';
  if (d.createType === 'topic' && !d.body.trim()) return 'Generating script…';
  if (d.settings.useSummarizedBody) return 'Summarizing…';
  return 'Preparing to create…';
}
