import type { StyleAspectRatio, SubtitlePosition, SubtitleStyleConfig, SubtitleStyleFields } from './types';

type Raw = Record<string, unknown>;

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const num = (v: unknown, fallback = 0): number => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);
const POSITIONS: readonly SubtitlePosition[] = ['bottom', 'middle', 'top'];

/** hexColor: a colour as the API keeps it, 6 upper-case hex digits without '#'; anything else becomes black. */
export function hexColor(v: unknown): string {
  const s = str(v).trim().replace(/^#/, '').toUpperCase();
  return /^[0-9A-F]{6}$/.test(s) ? s : '000000';
}

/** normalizeSubtitleStyle: one style of the API with every field present and typed. */
export function normalizeSubtitleStyle(data: unknown): SubtitleStyleConfig {
  const raw = (typeof data === 'object' && data !== null ? data : {}) as Raw;
  const aspectRatio: StyleAspectRatio = raw.aspectRatio === 'vertical' ? 'vertical' : 'horizontal';
  return {
    subtitleStyleConfigId: num(raw.subtitleStyleConfigId),
    name: str(raw.name),
    aspectRatio,
    isBuiltIn: raw.isBuiltIn === true,
    isDefault: raw.isDefault === true,
    fontFamily: str(raw.fontFamily),
    fontSize: num(raw.fontSize, 54),
    bold: raw.bold === true,
    italic: raw.italic === true,
    primaryColor: hexColor(raw.primaryColor),
    outlineColor: hexColor(raw.outlineColor),
    shadowColor: hexColor(raw.shadowColor),
    spacing: num(raw.spacing),
    outline: num(raw.outline),
    shadowOffset: num(raw.shadowOffset),
    blurEdges: num(raw.blurEdges),
    marginLeft: num(raw.marginLeft),
    marginRight: num(raw.marginRight),
    marginVertical: num(raw.marginVertical),
    angle: num(raw.angle),
    position: POSITIONS.find((p) => p === raw.position) ?? 'bottom',
    createdAt: str(raw.createdAt),
    updatedAt: str(raw.updatedAt),
  };
}

/** styleFields: the editable fields of a style, which is what POST and PUT send. */
export function styleFields(style: SubtitleStyleFields): SubtitleStyleFields {
  return {
    name: style.name,
    fontFamily: style.fontFamily,
    fontSize: style.fontSize,
    bold: style.bold,
    italic: style.italic,
    primaryColor: style.primaryColor,
    outlineColor: style.outlineColor,
    shadowColor: style.shadowColor,
    spacing: style.spacing,
    outline: style.outline,
    shadowOffset: style.shadowOffset,
    blurEdges: style.blurEdges,
    marginLeft: style.marginLeft,
    marginRight: style.marginRight,
    marginVertical: style.marginVertical,
    angle: style.angle,
    position: style.position,
  };
}
