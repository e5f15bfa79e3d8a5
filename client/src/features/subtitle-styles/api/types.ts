/** StyleAspectRatio is the format a subtitle style is drawn for: 1920x1080 (horizontal) or 1080x1920 (vertical). */
export type StyleAspectRatio = 'horizontal' | 'vertical';

/** SubtitlePosition is where the subtitles sit: ASS alignment 2, 5 or 8. */
export type SubtitlePosition = 'bottom' | 'middle' | 'top';

/**
 * SubtitleStyleFields are the editable fields of a subtitle style. Sizes and margins are pixels of the style's
 * canvas; colours are 6 hex digits without '#'; angle is in degrees, counter-clockwise (as ASS).
 */
export interface SubtitleStyleFields {
  name: string;
  fontFamily: string;
  fontSize: number;
  bold: boolean;
  italic: boolean;
  primaryColor: string;
  outlineColor: string;
  shadowColor: string;
  spacing: number;
  outline: number;
  shadowOffset: number;
  blurEdges: number;
  marginLeft: number;
  marginRight: number;
  marginVertical: number;
  angle: number;
  position: SubtitlePosition;
}

/** SubtitleStyleConfig is one subtitle style as GET /api/v2/subtitles/styles/config lists it. */
export interface SubtitleStyleConfig extends SubtitleStyleFields {
  subtitleStyleConfigId: number;
  /** Fixed at creation: the style's sizes are pixels of this format's canvas. */
  aspectRatio: StyleAspectRatio;
  /** Pagecast's own styles are shown to every account and edited by nobody. */
  isBuiltIn: boolean;
  /** The style a video of this format gets when nothing else is chosen. */
  isDefault: boolean;
  createdAt: string;
  updatedAt: string;
}
