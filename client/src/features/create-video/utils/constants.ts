/** Business constants of single-video creation (spec 001 section 9). */

/** DEFAULT_TEMPLATE_ID is the default (horizontal) theme. */
export const DEFAULT_TEMPLATE_ID = 88;
/**
 * VERTICAL_TEMPLATE_ID is the theme a 9:16 video starts with. The spec lists 282 among its constants without
 * saying what it is; it is the only theme-sized id there, so we take it as the vertical default.
 */
export const VERTICAL_TEMPLATE_ID = 282;
export const HORIZONTAL_SUBTITLE_STYLE_ID = 3;
export const VERTICAL_SUBTITLE_STYLE_ID = 4;

/** Pause between slides: options in seconds, default 0.5 s (500 ms). */
export const PAUSE_OPTIONS_S = [0.5, 1, 1.5, 2] as const;
export const DEFAULT_PAUSE_MS = 500;

export const MIN_SENTENCES_PER_SLIDE = 1;
export const MAX_SENTENCES_PER_SLIDE = 10;
export const DEFAULT_SENTENCES_PER_SLIDE = 2;

/** Script prompt bounds, in characters after white space is collapsed. */
export const PROMPT_MIN_CHARS = 20;
export const PROMPT_MAX_CHARS = 500;

/** The script limit of the standalone free plan: used until the user's own limit is known. */
export const FALLBACK_SCRIPT_MAX_LENGTH = 7000;

/** After each successful script generation the user waits 10 × 1000 ms. */
export const SCRIPT_THROTTLE_MS = 10 * 1000;

/** Script generator sections: short 2, medium 4 (default), long 6. */
export const SECTION_OPTIONS = [
  { value: 2, label: 'Short' },
  { value: 4, label: 'Medium' },
  { value: 6, label: 'Long' },
] as const;

/** Tone types of the generator: informative 1, persuasive 2. */
export const TONE_TYPE_OPTIONS = [
  { value: 1, label: 'Informative' },
  { value: 2, label: 'Persuasive' },
] as const;

/** Preset page size 10 starting at page 0. */
export const PRESET_PAGE_SIZE = 10;

/** Largest voiceover upload: 500 MB, as for every upload. */
export const MAX_VOICEOVER_BYTES = 524_288_000;

/** AI image styles (spec 001 section 3). */
export const IMAGE_STYLES = [
  'cinematic', 'photographic', '3d-model', 'analog-film', 'anime', 'comic-book', 'digital-art', 'enhance',
  'fantasy-art', 'isometric', 'line-art', 'low-poly', 'modeling-compound', 'neon-punk', 'origami', 'pixel-art',
  'tile-texture',
] as const;

/** Script vocabularies (spec 001 section 3); "match" is shown as Auto. */
export const SCRIPT_VOCABULARIES = {
  formality: ['match', 'formal', 'informal'],
  length: ['concise', 'balanced', 'elaborate'],
  purpose: ['match', 'inform', 'educate', 'explain', 'entertain', 'inspire', 'storytell', 'persuade', 'promote', 'provokeThought'],
  readingLevel: ['general', 'basic', 'advanced'],
  structure: [
    'generalPurpose', 'generalPurposeNoFluff', 'countdownList', 'documentary', 'storybook', 'tutorialsGuides',
    'productShowcase', 'multiVoiceNarration', 'news', 'workout',
  ],
  tones: [
    'match', 'analytical', 'creative', 'business', 'journalistic', 'comedic', 'mysterious', 'enthusiastic',
    'personal', 'casual', 'nostalgic', 'celebratory',
  ],
  topicProficiency: ['basic', 'none', 'intermediate', 'advanced'],
} as const;

const WORD_LABELS: Record<string, string> = {
  match: 'Auto',
  generalPurpose: 'General purpose',
  generalPurposeNoFluff: 'General purpose, no fluff',
  countdownList: 'Countdown list',
  tutorialsGuides: 'Tutorials and guides',
  productShowcase: 'Product showcase',
  multiVoiceNarration: 'Multi-voice narration',
  provokeThought: 'Provoke thought',
  none: 'No prior knowledge',
};

/** vocabularyLabel: "countdownList" -> "Countdown list", "match" -> "Auto". */
export function vocabularyLabel(word: string): string {
  return WORD_LABELS[word] ?? word.charAt(0).toUpperCase() + word.slice(1);
}
