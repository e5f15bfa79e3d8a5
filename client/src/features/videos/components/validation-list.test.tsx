import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { NO_VIDEO_ID } from '../api/get-validations';
import { normalizeVideo } from '../api/normalize';
import { useEditorSelection } from '../stores/editor-selection';
import { editorApi, edited } from '../test/editor-api';
import { fullVideo } from '../test/fixtures';
import { VALIDATION_OK, ValidationList } from './validation-list';

const slides = () => screen.getAllByTestId('editor-slide');
const slide = (layerId: number) => slides().find((s) => s.getAttribute('data-layer-id') === String(layerId))!;
const items = () => screen.getAllByTestId('validation-item');

const problems = ok({
  validations: [
    { videoId: 42, sceneId: 1, layerId: 11, errorMessage: 'This slide has no picture or video.', errorMessageKey: 'slide_missing_media' },
    { videoId: 42, sceneId: 2, layerId: 0, errorMessage: 'This scene has no narration.', errorMessageKey: 'scene_missing_audio' },
  ],
});

beforeEach(() => {
  document.cookie = 'pagecast_csrf=c1; path=/';
});

afterEach(() => {
  useEditorSelection.getState().editorOpened();
});

describe('validation list', () => {
  it('lists the problems near the render button; each one scrolls to its slide or scene and focuses it', async () => {
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(() => undefined);
    editorApi({ 'GET /api/v2/video/42/validate': problems });
    renderApp('/editor/42');
    await waitFor(() => expect(items()).toHaveLength(2));
    const aside = screen.getByLabelText('Video settings');
    const panels = [...aside.children].map((c) => c.getAttribute('data-testid'));
    expect(panels.indexOf('validation-list')).toBe(panels.indexOf('render-panel') + 1);
    expect(items()[0].textContent).toBe('Scene 1, slide 2: This slide has no picture or video.');
    expect(items()[1].textContent).toBe('Scene 2: This scene has no narration.');
    expect(screen.getByTestId('validation-list').querySelector('h2')!.textContent).toBe('Problems (2)');

    fireEvent.click(items()[0]);
    expect(document.activeElement).toBe(slide(11));
    expect(slide(11).getAttribute('data-active')).toBe('true');
    expect(screen.getByTestId('slide-panel').getAttribute('data-layer-id')).toBe('11');
    expect(scrolled).toHaveBeenCalled();
    fireEvent.click(items()[1]);
    expect(document.activeElement?.getAttribute('data-scene-id')).toBe('2');
  });

  it('names a subtitle problem after the subtitles and takes the focus to them', async () => {
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(() => undefined);
    editorApi({
      'GET /api/v2/video/42/validate': ok({
        validations: [{ videoId: 42, sceneId: 0, layerId: 0, errorMessage: 'Subtitle 3 ends after the video.', errorMessageKey: 'subtitle_out_of_range' }],
      }),
    });
    renderApp('/editor/42');
    await waitFor(() => expect(items()).toHaveLength(1));
    expect(items()[0].textContent).toBe('Subtitles: Subtitle 3 ends after the video.');
    fireEvent.click(items()[0]);
    expect(document.activeElement).toBe(screen.getByTestId('subtitles-panel'));
  });

  it('says when there is no problem, and checks again after a change', async () => {
    const { find } = editorApi({
      'PUT /api/v2/layer/10/text': ok(edited((v) => ((v.updatedAt = '2026-11-02T10:00:00Z'), (v.scenes[1].layerList[1].text = 'Close the tap.')))),
    });
    renderApp('/editor/42');
    expect((await screen.findByTestId('validation-ok')).textContent).toBe(VALIDATION_OK);
    expect(find('GET /api/v2/video/42/validate')).toHaveLength(1);
    const text = within(slide(10)).getByTestId('editor-slide-text');
    fireEvent.change(text, { target: { value: 'Close the tap.' } });
    fireEvent.keyDown(text, { key: 'Enter' });
    await waitFor(() => expect(find('GET /api/v2/video/42/validate')).toHaveLength(2));
  });

  it('waits while a scene is narrated', async () => {
    const { find } = editorApi({}, () => edited((v) => (v.scenes[0].needsAudio = true)));
    renderApp('/editor/42');
    await waitFor(() => expect(slides()).toHaveLength(3));
    expect(screen.getByTestId('validation-list').textContent).toContain('checked once its narration is ready');
    expect(find('GET /api/v2/video/42/validate')).toHaveLength(0);
  });

  it('shows a failed check', async () => {
    editorApi({ 'GET /api/v2/video/42/validate': fail(500, 'internal', 'Something went wrong.') });
    renderApp('/editor/42');
    await waitFor(() => expect(screen.getByTestId('validation-list').textContent).toContain('Something went wrong.'));
  });

  it('needs a video id', () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={queryClient}>
        <ValidationList video={{ ...normalizeVideo(fullVideo()), videoId: 0 }} />
      </QueryClientProvider>,
    );
    expect(screen.getByTestId('validation-list').textContent).toContain(NO_VIDEO_ID);
  });
});
