import type { AspectRatio } from '@/features/videos';

export type { AspectRatio };

/** One block of a pulled page: a paragraph, a title, a list item or an image. */
export interface ContentBlock {
  type: string;
  text: string;
  src?: string;
  alt?: string;
}

/** An asset the server made from a pulled page (usually one of its images). */
export interface PulledAsset {
  assetId: number;
  name: string;
  type: string;
  url: string;
  thumbnailUrl: string;
}

/** PulledContent is what PUT /api/v2/urlContent read from a page. */
export interface PulledContent {
  url: string;
  title: string;
  description: string;
  keywords: string[];
  body: ContentBlock[];
  text: string;
  assets: PulledAsset[];
}

/** GeneratedScript is the answer of the script generator and of the style modifier. */
export interface GeneratedScript {
  title: string;
  description: string;
  text: string;
  /** What the style modifier could not do (for example custom instructions without an AI model). */
  warnings?: string[];
}

/** Automatch: which sources media for the slides may come from. */
export interface AutomatchSettings {
  enabled: boolean;
  replaceExistingMedia: boolean;
  includeUserMedia: boolean;
  includeArticleMedia: boolean;
  includeAiImages: boolean;
  includeStockImages: boolean;
  includeStockVideos: boolean;
  aiImageStyle: string;
  applyMotionEffects: boolean;
}

/** CreateVideoRequest is the body of POST /api/v2/video (and the fields of POST /api/v2/video/voiceover). */
export interface CreateVideoRequest {
  name: string;
  description: string;
  text: string;
  keywords: string[];
  /** Seconds: 0.5, 1, 1.5 or 2. */
  pauseAfterSlide: number;
  maxSentencesPerSlide: number;
  canCreateTextSlides: boolean;
  generateTaglines: boolean;
  aspectRatio: AspectRatio;
  hardcodeSubtitles: boolean;
  subtitleStyleConfigId: number;
  templateId: number;
  /** Sent only when the user chose a voice; without it the server picks one. */
  voiceId?: number;
  pageUrl: string;
  initialAssets: number[];
  createVideoRequestId?: string;
  automatch: AutomatchSettings;
}

/** One setting of a preset: datatype bool, uint, int, float or string, and the value as a string. */
export interface PresetSetting {
  key: string;
  datatype: 'bool' | 'uint' | 'int' | 'float' | 'string';
  value: string;
}

/** Preset is a saved set of video settings. */
export interface Preset {
  presetId: number;
  name: string;
  isPublic: boolean;
  settings: PresetSetting[];
}

export interface PresetPage {
  presets: Preset[];
  page: number;
  pageSize: number;
  total: number;
}

export interface PresetMetadata {
  totalPublicPresets: number;
  totalUserPresets: number;
}
