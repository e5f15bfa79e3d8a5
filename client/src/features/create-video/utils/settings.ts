import type { AspectRatio, AutomatchSettings } from '../api/types';
import {
  DEFAULT_PAUSE_MS,
  DEFAULT_SENTENCES_PER_SLIDE,
  DEFAULT_TEMPLATE_ID,
  HORIZONTAL_SUBTITLE_STYLE_ID,
  VERTICAL_SUBTITLE_STYLE_ID,
  VERTICAL_TEMPLATE_ID,
} from './constants';

/** VideoSettings are the settings a preset can hold and the create call sends. */
export interface VideoSettings {
  aspectRatio: AspectRatio;
  templateId: number;
  /** The voice to narrate with; null lets the server choose. */
  voiceId: number | null;
  autoTaglines: boolean;
  canCreateTextSlides: boolean;
  hardcodeSubtitles: boolean;
  subtitleStyleConfigId: number;
  pauseBetweenSlidesMs: number;
  maxSentencesPerSlide: number;
  useSummarizedBody: boolean;
  soundtrackAutomatch: boolean;
  automatch: AutomatchSettings;
}

/** Settings of the AI script generator. */
export interface ScriptGeneratorSettings {
  showSectionTitles: boolean;
  numSections: number;
  audience: string;
  role: string;
  toneType: number;
}

/** Settings of the style modifier ("Transform script"). */
export interface StyleModifierSettings {
  enabled: boolean;
  tones: string[];
  structure: string;
  readingLevel: string;
  topicProficiency: string;
  formality: string;
  purpose: string;
  length: string;
  customInstructions: string;
  preview: boolean;
}

/** Single-creation automatch defaults (spec 001 section 9, the reading with AI images on). */
export const DEFAULT_AUTOMATCH: AutomatchSettings = {
  enabled: true,
  replaceExistingMedia: false,
  includeUserMedia: false,
  includeArticleMedia: true,
  includeAiImages: true,
  includeStockImages: true,
  includeStockVideos: true,
  aiImageStyle: 'cinematic',
  applyMotionEffects: true,
};

export const DEFAULT_SETTINGS: VideoSettings = {
  aspectRatio: 'horizontal',
  templateId: DEFAULT_TEMPLATE_ID,
  voiceId: null,
  autoTaglines: false,
  canCreateTextSlides: true,
  hardcodeSubtitles: false,
  subtitleStyleConfigId: HORIZONTAL_SUBTITLE_STYLE_ID,
  pauseBetweenSlidesMs: DEFAULT_PAUSE_MS,
  maxSentencesPerSlide: DEFAULT_SENTENCES_PER_SLIDE,
  useSummarizedBody: false,
  soundtrackAutomatch: true,
  automatch: DEFAULT_AUTOMATCH,
};

export const DEFAULT_SCRIPT_GENERATOR: ScriptGeneratorSettings = {
  showSectionTitles: false,
  numSections: 4,
  audience: '',
  role: '',
  toneType: 1,
};

export const DEFAULT_STYLE_MODIFIER: StyleModifierSettings = {
  enabled: true,
  tones: ['match'],
  structure: 'generalPurpose',
  readingLevel: 'general',
  topicProficiency: 'basic',
  formality: 'match',
  purpose: 'match',
  length: 'balanced',
  customInstructions: '',
  preview: false,
};

/** aspectRatioSideEffects: what choosing a format does to the other settings (spec 001 section 4). */
export function aspectRatioSideEffects(ratio: AspectRatio): Partial<VideoSettings> {
  return ratio === 'vertical'
    ? {
        aspectRatio: 'vertical',
        templateId: VERTICAL_TEMPLATE_ID,
        autoTaglines: false,
        hardcodeSubtitles: true,
        subtitleStyleConfigId: VERTICAL_SUBTITLE_STYLE_ID,
      }
    : {
        aspectRatio: 'horizontal',
        templateId: DEFAULT_TEMPLATE_ID,
        autoTaglines: false,
        hardcodeSubtitles: false,
        subtitleStyleConfigId: HORIZONTAL_SUBTITLE_STYLE_ID,
      };
}
