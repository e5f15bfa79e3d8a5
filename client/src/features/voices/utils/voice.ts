import type { Voice, VoiceTag } from '../api/types';

/** Spec 000: tag categories 20-24 are gender, age, accent, use case, language. */
export const GENDER_CATEGORY = 20;
export const LANGUAGE_CATEGORY = 24;

export function tagsOf(voice: Voice, categoryId: number): VoiceTag[] {
  return voice.tags.filter((t) => t.tagCategoryId === categoryId);
}

/** Gender and language labels shown for a voice (tags first, plain fields as fallback). */
export function voiceLabels(voice: Voice): string[] {
  const gender = tagsOf(voice, GENDER_CATEGORY).map((t) => t.tag);
  const language = tagsOf(voice, LANGUAGE_CATEGORY).map((t) => t.tag);
  return [
    ...(gender.length ? gender : voice.gender ? [voice.gender] : []),
    ...(language.length ? language : voice.languageCode ? [voice.languageCode] : []),
  ];
}

/** A voice can be chosen when it is not deleted and is public or the caller's own clone. */
export function isAvailable(voice: Voice): boolean {
  return !voice.deletedAt && (voice.isPublic || voice.cloned);
}

export function canSelect(voice: Voice, selectedId: number | null | undefined): boolean {
  return voice.voiceId !== selectedId && isAvailable(voice);
}
