import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ok } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { editorApi } from '../test/editor-api';
import { fullVideo } from '../test/fixtures';

function voice(voiceId: number, name: string) {
  return {
    voiceId, name, gender: 'female', languageCode: 'en-US', tags: [], audioSampleURL: `/api/v2/voice/${voiceId}/sample`,
    voiceProviderVoiceId: `p${voiceId}`, voiceProviderId: 1, isRecommended: true, isPublic: true, cloned: false, deletedAt: null,
    createdAt: '2026-01-01T00:00:00Z',
  };
}

beforeEach(() => {
  document.cookie = 'pagecast_csrf=c1; path=/';
});

describe('editor narrator', () => {
  it("shows the video's narrator and changes it; the scenes are narrated again", async () => {
    let current = fullVideo();
    const { find } = editorApi(
      {
        'GET /api/v2/tag/group': ok([]),
        'GET /api/v2/voice': ok({ voices: [voice(3, 'Aria'), voice(4, 'Brian')], page: 1, pageSize: 1000, total: 2 }),
        'PUT /api/v2/video/42': () => {
          current = fullVideo();
          current.voiceId = 4;
          for (const s of current.scenes) s.needsAudio = true;
          return ok(current);
        },
      },
      () => current,
    );
    renderApp('/editor/42');
    const panel = await screen.findByTestId('editor-narrator');
    await waitFor(() => expect(within(panel).getByTestId('voice-panel-name').textContent).toBe('Aria'));
    expect(within(panel).queryByTestId('voice-ai-choose')).toBeNull();

    fireEvent.click(within(panel).getByTestId('voice-change'));
    const modal = await screen.findByTestId('voice-modal');
    const brian = (await within(modal).findAllByTestId('voice-result')).find((r) => r.textContent?.includes('Brian'))!;
    fireEvent.click(within(brian).getByTestId('voice-select'));
    await waitFor(() => expect(find('PUT /api/v2/video/42')).toHaveLength(1));
    expect(find('PUT /api/v2/video/42')[0].body).toEqual({ voiceId: 4 });
    await waitFor(() => expect(within(panel).getByTestId('voice-panel-name').textContent).toBe('Brian'));
    await waitFor(() => expect(screen.getAllByTestId('editor-narrating').length).toBeGreaterThan(0));
  });
});
