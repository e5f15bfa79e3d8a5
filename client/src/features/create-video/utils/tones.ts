/** AUTO_TONE is "match": let the script keep the tone its source has. */
export const AUTO_TONE = 'match';

/**
 * normalizeTones applies the spec's rule (the server applies the same): an empty selection becomes Auto, and Auto
 * chosen together with other tones is dropped. Duplicates go.
 */
export function normalizeTones(tones: readonly string[]): string[] {
  const unique = [...new Set(tones.map((t) => t.trim()).filter(Boolean))];
  if (unique.length === 0) return [AUTO_TONE];
  if (unique.length > 1 && unique.includes(AUTO_TONE)) return unique.filter((t) => t !== AUTO_TONE);
  return unique;
}

/**
 * toggleTone is what a click on a tone does. Clicking Auto clears the other tones (an empty selection, so Auto);
 * clicking another tone adds or removes it and the rule above drops Auto or brings it back.
 */
export function toggleTone(tones: readonly string[], tone: string): string[] {
  if (tone === AUTO_TONE) return normalizeTones([]);
  return normalizeTones(tones.includes(tone) ? tones.filter((t) => t !== tone) : [...tones, tone]);
}
