import { hexColor } from '../api/normalize';
import type { StyleAspectRatio, SubtitleStyleFields } from '../api/types';

/** STYLE_CANVAS: the sample canvases of the spec; a style's sizes and margins are pixels of its format's canvas. */
export const STYLE_CANVAS: Record<StyleAspectRatio, { width: number; height: number }> = {
  horizontal: { width: 1920, height: 1080 },
  vertical: { width: 1080, height: 1920 },
};

/** STYLE_TILE_WIDTH: a landscape style tile is 338 px wide (spec); a portrait one is as wide as a landscape one is high. */
export const STYLE_TILE_WIDTH: Record<StyleAspectRatio, number> = {
  horizontal: 338,
  vertical: Math.round((338 * 9) / 16),
};

/** PREVIEW_DEBOUNCE_MS: the style editor's preview follows the form once it has been still this long (spec). */
export const PREVIEW_DEBOUNCE_MS = 300;

/** STYLE_NAME_MAX: a style's name is 1 to 60 characters. */
export const STYLE_NAME_MAX = 60;

/** NumberField names the whole-number fields of a style. */
export type NumberField =
  | 'fontSize'
  | 'spacing'
  | 'outline'
  | 'shadowOffset'
  | 'blurEdges'
  | 'marginLeft'
  | 'marginRight'
  | 'marginVertical'
  | 'angle';

/** ColorField names the colour fields of a style. */
export type ColorField = 'primaryColor' | 'outlineColor' | 'shadowColor';

/** NumberLimit: a whole-number field's label and inclusive range. */
export interface NumberLimit {
  label: string;
  min: number;
  max: number;
}

/** NUMBER_FIELDS: the whole-number fields in the order the form shows them. */
export const NUMBER_FIELDS: readonly NumberField[] = [
  'fontSize',
  'spacing',
  'outline',
  'shadowOffset',
  'blurEdges',
  'marginLeft',
  'marginRight',
  'marginVertical',
  'angle',
];

/** COLOR_LABELS: the colour fields' names, as the form and the server's messages say them. */
export const COLOR_LABELS: Record<ColorField, string> = {
  primaryColor: 'Text colour',
  outlineColor: 'Outline colour',
  shadowColor: 'Shadow colour',
};

/** numberLimits: the style editor's limits (spec 001 "Subtitle style editor limits"); the vertical margin depends on the format. */
export function numberLimits(aspectRatio: StyleAspectRatio): Record<NumberField, NumberLimit> {
  return {
    fontSize: { label: 'Font size', min: 10, max: 200 },
    spacing: { label: 'Spacing', min: 0, max: 100 },
    outline: { label: 'Outline', min: 0, max: 50 },
    shadowOffset: { label: 'Shadow offset', min: 0, max: 50 },
    blurEdges: { label: 'Blur edges', min: 0, max: 50 },
    marginLeft: { label: 'Left margin', min: 0, max: 200 },
    marginRight: { label: 'Right margin', min: 0, max: 200 },
    marginVertical: { label: 'Vertical margin', min: 0, max: aspectRatio === 'vertical' ? 1910 : 1070 },
    angle: { label: 'Angle', min: 0, max: 359 },
  };
}

/** StyleDraft is the style editor's form: numbers and colours as typed, so a half-typed value is not lost. */
export type StyleDraft = Omit<SubtitleStyleFields, NumberField> & Record<NumberField, string>;

/** StyleErrors: one message per field that cannot be saved. */
export type StyleErrors = Partial<Record<keyof SubtitleStyleFields, string>>;

/** draftOf: the form filled with a style's values. */
export function draftOf(style: SubtitleStyleFields): StyleDraft {
  const draft = { ...style } as unknown as StyleDraft;
  for (const field of NUMBER_FIELDS) draft[field] = String(style[field]);
  return draft;
}

/** wholeNumber: the typed text as a whole number, or null when it is not one. */
function wholeNumber(text: string): number | null {
  const t = text.trim();
  return /^-?\d+$/.test(t) ? Number(t) : null;
}

const isHex = (text: string) => /^#?[0-9a-fA-F]{6}$/.test(text.trim());

/** tidyName: the name as the server keeps it (runs of white space become one space). */
const tidyName = (name: string) => name.trim().split(/\s+/).filter(Boolean).join(' ');

/** validateStyleDraft: what is wrong with the form, in the server's words, before anything is sent. */
export function validateStyleDraft(draft: StyleDraft, aspectRatio: StyleAspectRatio): StyleErrors {
  const errors: StyleErrors = {};
  const nameLength = [...tidyName(draft.name)].length;
  if (nameLength === 0) errors.name = 'Name is required.';
  else if (nameLength > STYLE_NAME_MAX) errors.name = `Name must be at most ${STYLE_NAME_MAX} characters.`;
  if (!draft.fontFamily.trim()) errors.fontFamily = 'Choose a font.';
  const limits = numberLimits(aspectRatio);
  for (const field of NUMBER_FIELDS) {
    const { label, min, max } = limits[field];
    const text = draft[field];
    const n = wholeNumber(text);
    if (text.trim() === '') errors[field] = `${label} is required.`;
    else if (n === null) errors[field] = `${label} must be a whole number.`;
    else if (n < min || n > max) errors[field] = `${label} must be between ${min} and ${max}.`;
  }
  for (const [field, label] of Object.entries(COLOR_LABELS) as Array<[ColorField, string]>) {
    if (!isHex(draft[field])) errors[field] = `${label} must be a 6-digit hex colour such as FFFFFF.`;
  }
  return errors;
}

/** fieldsOf: what Save sends for a form that validateStyleDraft accepted. */
export function fieldsOf(draft: StyleDraft): SubtitleStyleFields {
  const fields = { ...draft, name: tidyName(draft.name), fontFamily: draft.fontFamily.trim() } as unknown as SubtitleStyleFields;
  for (const field of NUMBER_FIELDS) fields[field] = wholeNumber(draft[field]) ?? 0;
  for (const field of Object.keys(COLOR_LABELS) as ColorField[]) fields[field] = hexColor(draft[field]);
  return fields;
}

/**
 * previewOf: what the preview can draw of the form: typed values within their limits, and the last saved value of a
 * field that is not a number or colour yet.
 */
export function previewOf(draft: StyleDraft, aspectRatio: StyleAspectRatio, saved: SubtitleStyleFields): SubtitleStyleFields {
  const fields = { ...draft } as unknown as SubtitleStyleFields;
  const limits = numberLimits(aspectRatio);
  for (const field of NUMBER_FIELDS) {
    const n = wholeNumber(draft[field]);
    fields[field] = n === null ? saved[field] : Math.min(limits[field].max, Math.max(limits[field].min, n));
  }
  for (const field of Object.keys(COLOR_LABELS) as ColorField[]) {
    fields[field] = isHex(draft[field]) ? hexColor(draft[field]) : saved[field];
  }
  return fields;
}

/** copyName: the name a copy of a style starts with. */
export function copyName(name: string): string {
  const suffix = ' (copy)';
  return [...name].slice(0, STYLE_NAME_MAX - suffix.length).join('') + suffix;
}
