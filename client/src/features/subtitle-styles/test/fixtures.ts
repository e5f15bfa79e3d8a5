import { ok, type MockHandler } from '@/test/mock-api';
import type { StyleAspectRatio } from '../api/types';

/** rawStyle: one style as the API answers it (the built-in "Classic" 16:9 unless told otherwise). */
export function rawStyle(overrides: Record<string, unknown> = {}) {
  return {
    subtitleStyleConfigId: 3,
    name: 'Classic',
    aspectRatio: 'horizontal',
    isBuiltIn: true,
    isDefault: true,
    fontFamily: 'DejaVu Sans',
    fontSize: 54,
    bold: true,
    italic: false,
    primaryColor: 'FFFFFF',
    outlineColor: '000000',
    shadowColor: '000000',
    spacing: 0,
    outline: 3,
    shadowOffset: 2,
    blurEdges: 0,
    marginLeft: 96,
    marginRight: 96,
    marginVertical: 67,
    angle: 0,
    position: 'bottom',
    createdAt: '2026-11-01T10:00:00Z',
    updatedAt: '2026-11-01T10:00:00Z',
    ...overrides,
  };
}

/** builtInStyles: the four built-in styles of the migration, those of one format when given. */
export function builtInStyles(aspectRatio?: StyleAspectRatio) {
  const all = [
    rawStyle({ subtitleStyleConfigId: 1, name: 'Bold yellow', isDefault: false, fontSize: 64, primaryColor: 'FFD400', outline: 4, shadowOffset: 0, marginVertical: 80 }),
    rawStyle({ subtitleStyleConfigId: 2, name: 'Bold yellow', aspectRatio: 'vertical', isDefault: false, fontSize: 72, primaryColor: 'FFD400', outline: 5, shadowOffset: 0, marginLeft: 60, marginRight: 60, marginVertical: 480 }),
    rawStyle({ subtitleStyleConfigId: 3 }),
    rawStyle({ subtitleStyleConfigId: 4, aspectRatio: 'vertical', marginLeft: 54, marginRight: 54, marginVertical: 120 }),
  ];
  return aspectRatio ? all.filter((s) => s.aspectRatio === aspectRatio) : all;
}

/** ownStyle: a style of the account (id 20, 16:9 unless told otherwise). */
export function ownStyle(overrides: Record<string, unknown> = {}) {
  return rawStyle({
    subtitleStyleConfigId: 20,
    name: 'My look',
    isBuiltIn: false,
    isDefault: false,
    fontFamily: 'DejaVu Serif',
    fontSize: 60,
    primaryColor: '00FF88',
    italic: true,
    angle: 5,
    ...overrides,
  });
}

/**
 * styleRoutes: GET of the style list (filtered by the aspectRatio query, as the server does) and of the fonts, over
 * the given styles.
 */
export function styleRoutes(styles: () => Array<ReturnType<typeof rawStyle>> = () => builtInStyles()): Record<string, MockHandler> {
  return {
    'GET /api/v2/subtitles/styles/config': (req) => {
      const ratio = req.url.searchParams.get('aspectRatio');
      return ok({ subtitleStyleConfigs: styles().filter((s) => !ratio || s.aspectRatio === ratio) });
    },
    'GET /api/v2/font/fontFamilies': ok({ fontFamilies: ['DejaVu Sans', 'DejaVu Sans Mono', 'DejaVu Serif'] }),
  };
}
