import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '@/test/mock-api';
import { builtInStyles, ownStyle, rawStyle, styleRoutes } from '../test/fixtures';
import { createSubtitleStyle } from './create-subtitle-style';
import { getFontFamilies } from './get-font-families';
import { getSubtitleStyles, withStyle } from './get-subtitle-styles';
import { normalizeSubtitleStyle, styleFields } from './normalize';
import { UPDATE_NEEDS_ID, updateSubtitleStyle } from './update-subtitle-style';

describe('subtitle style calls', () => {
  it('refuses an update without an id and sends nothing', async () => {
    const { calls } = mockApi({});
    const fields = styleFields(normalizeSubtitleStyle(ownStyle()));
    await expect(updateSubtitleStyle(fields)).rejects.toThrow(UPDATE_NEEDS_ID);
    await expect(updateSubtitleStyle({ ...fields, subtitleStyleConfigId: 0 })).rejects.toThrow(UPDATE_NEEDS_ID);
    expect(calls).toHaveLength(0);
  });

  it('PUTs the editable fields of a style, and POSTs them with the format', async () => {
    document.cookie = 'pagecast_csrf=c1; path=/';
    const { find } = mockApi({
      'PUT /api/v2/subtitles/styles/config/20': ok(ownStyle({ fontSize: 90 })),
      'POST /api/v2/subtitles/styles/config': ok(ownStyle({ subtitleStyleConfigId: 21, aspectRatio: 'vertical' }), 201),
    });
    const fields = { ...styleFields(normalizeSubtitleStyle(ownStyle())), fontSize: 90 };
    const saved = await updateSubtitleStyle({ ...fields, subtitleStyleConfigId: 20 });
    expect(saved.fontSize).toBe(90);
    expect(find('PUT /api/v2/subtitles/styles/config/20')[0].body).toEqual(fields);

    const created = await createSubtitleStyle({ ...fields, aspectRatio: 'vertical' });
    expect(created).toMatchObject({ subtitleStyleConfigId: 21, aspectRatio: 'vertical', isBuiltIn: false });
    expect(find('POST /api/v2/subtitles/styles/config')[0].body).toEqual({ ...fields, aspectRatio: 'vertical' });
  });

  it('lists the styles of one format and the fonts', async () => {
    const { calls } = mockApi(styleRoutes(() => [...builtInStyles(), ownStyle()]));
    const styles = await getSubtitleStyles('horizontal');
    expect(styles.map((s) => s.subtitleStyleConfigId)).toEqual([1, 3, 20]);
    expect(calls[0].url.searchParams.get('aspectRatio')).toBe('horizontal');
    expect(await getFontFamilies()).toEqual(['DejaVu Sans', 'DejaVu Sans Mono', 'DejaVu Serif']);
  });

  it('keeps colours as 6 upper-case hex digits', () => {
    expect(normalizeSubtitleStyle(rawStyle({ primaryColor: '#ffd400', outlineColor: 'nope' }))).toMatchObject({ primaryColor: 'FFD400', outlineColor: '000000' });
  });

  it('puts a new style first among the account own, an edited one where it was', () => {
    const list = [...builtInStyles('horizontal'), ownStyle()].map(normalizeSubtitleStyle);
    const added = withStyle(list, normalizeSubtitleStyle(ownStyle({ subtitleStyleConfigId: 30 })));
    expect(added.map((s) => s.subtitleStyleConfigId)).toEqual([1, 3, 30, 20]);
    const edited = withStyle(added, normalizeSubtitleStyle(ownStyle({ name: 'Renamed' })));
    expect(edited.map((s) => s.name)).toEqual(['Bold yellow', 'Classic', 'My look', 'Renamed']);
  });
});
