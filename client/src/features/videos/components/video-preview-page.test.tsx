import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, type MockHandler } from '@/test/mock-api';
import { renderApp, signedIn } from '@/test/render-app';
import { useNarrationPlayer } from '../stores/narration-player';
import { fullVideo } from '../test/fixtures';
import { PLAY_FAILED } from './video-preview-page';

function api(video: MockHandler) {
  return mockApi({ ...signedIn(), 'GET /api/v2/video/42': video });
}

const slides = () => screen.getAllByTestId('slide');
const audio = () => screen.queryByTestId('narration-audio') as HTMLAudioElement | null;

afterEach(() => {
  useNarrationPlayer.setState({ run: null });
  vi.useRealTimers();
});

describe('video preview', () => {
  it('shows the name, scenes and slides in order with text, media and duration', async () => {
    api(ok(fullVideo()));
    renderApp('/dashboard/video/42');
    expect((await screen.findByTestId('video-preview-name')).textContent).toContain('Saving water');
    const scenes = screen.getAllByTestId('scene');
    expect(scenes.map((s) => s.getAttribute('aria-label'))).toEqual(['Scene 1', 'Scene 2']);
    expect(slides().map((s) => within(s).getByTestId('slide-text').textContent)).toEqual([
      'Turn off the tap.',
      'Fix leaks.',
      'Thanks for watching.',
    ]);
    // Scene 1 has no duration of its own: the sum of its slides.
    expect(within(scenes[0]).getByTestId('scene-duration').textContent).toBe('0:10');
    expect(within(scenes[1]).getByTestId('scene-duration').textContent).toBe('0:04');
    const [image, video, text] = slides();
    expect(image.querySelector('[data-kind="image"] img')!.getAttribute('src')).toBe('http://s3.local/tap-t.jpg');
    expect(video.querySelector('[data-kind="video"] img')!.getAttribute('src')).toBe('http://s3.local/v.jpg');
    expect(text.querySelector('[data-kind="text"]')!.textContent).toBe('Thanks for watching.');
    // A slide without narration cannot be played, nor a scene without any.
    expect((within(text).getByTestId('slide-play') as HTMLButtonElement).disabled).toBe(true);
    expect((within(scenes[1]).getByTestId('scene-play') as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows a picture or clip still importing as "Importing…", with no empty link', async () => {
    const video = fullVideo();
    for (const slide of video.scenes[1].layerList) {
      for (const a of slide.assetList) if (a.type !== 'text') Object.assign(a, { url: '', previewUrl: '', thumbnailUrl: '' });
    }
    api(ok(video));
    renderApp('/dashboard/video/42');
    await screen.findByTestId('video-preview-name');
    const [image, clip] = slides();
    for (const slide of [image, clip]) {
      const media = slide.querySelector('.slide__media')!;
      expect(media.textContent).toBe('Importing…');
      expect(media.querySelector('img, video')).toBeNull();
    }
  });

  it('plays one slide, and a scene slide after slide', async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    api(ok(fullVideo()));
    renderApp('/dashboard/video/42');
    await screen.findByTestId('video-preview-name');

    fireEvent.click(within(slides()[1]).getByTestId('slide-play'));
    await waitFor(() => expect(audio()?.getAttribute('src')).toBe('http://s3.local/n/11.mp3'));
    expect(play).toHaveBeenCalled();
    expect(slides()[1].getAttribute('aria-current')).toBe('true');
    fireEvent.ended(audio()!);
    await waitFor(() => expect(audio()).toBeNull());

    fireEvent.click(screen.getAllByTestId('scene-play')[0]);
    await waitFor(() => expect(audio()?.getAttribute('src')).toBe('http://s3.local/n/10.mp3'));
    fireEvent.ended(audio()!);
    await waitFor(() => expect(audio()?.getAttribute('src')).toBe('http://s3.local/n/11.mp3'));
    expect(slides()[1].getAttribute('aria-current')).toBe('true');
    fireEvent.ended(audio()!);
    await waitFor(() => expect(audio()).toBeNull());
    expect(screen.getAllByTestId('scene-play')[0].textContent).toContain('Play scene');
  });

  it("says 'Failed to play audio.' when the narration cannot play", async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockRejectedValue(new DOMException('nope', 'NotSupportedError'));
    api(ok(fullVideo()));
    renderApp('/dashboard/video/42');
    await screen.findByTestId('video-preview-name');
    fireEvent.click(within(slides()[0]).getByTestId('slide-play'));
    await waitFor(() => expect(screen.getByTestId('notification').textContent).toContain(PLAY_FAILED));
    await waitFor(() => expect(audio()).toBeNull());
  });

  it('polls while the video is still being generated', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let building = true;
    const { find } = api(() => ok({ ...fullVideo(), buildStage: building ? 2 : 4, buildStep: building ? 'matchingMedia' : 'ready' }));
    renderApp('/dashboard/video/42');
    await screen.findByTestId('video-preview-building');
    building = false;
    await act(() => vi.advanceTimersByTimeAsync(5100));
    await waitFor(() => expect(screen.queryByTestId('video-preview-building')).toBeNull());
    const n = find('GET /api/v2/video/42').length;
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(find('GET /api/v2/video/42')).toHaveLength(n);
  });

  it('says when the video does not exist', async () => {
    mockApi(signedIn());
    renderApp('/dashboard/video/42');
    expect((await screen.findByTestId('video-preview-error')).textContent).toContain('does not exist');
  });
});
