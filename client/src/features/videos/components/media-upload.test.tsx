import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeXhr } from '@/features/media-library/test/fake-xhr';
import { ok } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { editorApi } from '../test/editor-api';
import { fullVideo } from '../test/fixtures';
import { NOT_A_PICTURE } from './media-upload';

function choose(input: HTMLElement, file: File) {
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  fireEvent.change(input);
}

beforeEach(() => {
  document.cookie = 'pagecast_csrf=c1; path=/';
});

describe('editor media upload', () => {
  it('uploads a picture from the computer to the library and puts it on the slide; refuses other files', async () => {
    let replaced = false;
    const { find } = editorApi({
      'GET /api/v2/asset/page': ok({ assets: [], totalItems: 0 }),
      'GET /api/v2/layer/10/recommendedAssets': ok([]),
      'GET /api/v2/layer/10/suggestedAssets': ok([]),
      'POST /api/v2/upload/url': ok({ url: 'http://s3.local/up/1', fileUploadId: 'f1', method: 'PUT', headers: { 'Content-Type': 'image/png' } }),
      'POST /api/v2/upload/confirmUpload': ok({ assetId: 91, name: 'harbour.png', type: 'image', state: 'pending' }, 201),
      'PUT /api/v2/layer/10/asset': () => {
        replaced = true;
        return ok(fullVideo());
      },
    });
    const xhr = fakeXhr();
    renderApp('/editor/42');
    const slide = await waitFor(() => screen.getAllByTestId('editor-slide').find((s) => s.getAttribute('data-layer-id') === '10')!);
    fireEvent.click(within(slide).getByTestId('slide-replace-media'));
    const picker = await screen.findByTestId('media-picker');
    const input = within(picker).getByTestId('media-upload-input');

    choose(input, new File(['x'], 'notes.mp3', { type: 'audio/mpeg' }));
    expect((await within(picker).findByTestId('media-upload-error')).textContent).toBe(NOT_A_PICTURE);
    expect(find('POST /api/v2/upload/url')).toHaveLength(0);

    choose(input, new File(['png!'], 'harbour.png', { type: 'image/png' }));
    await waitFor(() => expect(xhr.requests).toHaveLength(1));
    expect(find('POST /api/v2/upload/url')[0].body).toEqual({ name: 'harbour.png', type: 'image/png', size: 4 });
    xhr.requests[0].progress(2, 4);
    await waitFor(() => expect(within(picker).getByTestId('media-upload-progress').textContent).toBe('Uploading… 50%'));
    xhr.requests[0].respond(200);
    await waitFor(() => expect(replaced).toBe(true));
    expect(find('PUT /api/v2/layer/10/asset')[0].body).toEqual({ assetId: 91 });
    await waitFor(() => expect(screen.queryByTestId('media-picker')).toBeNull());
  });
});
