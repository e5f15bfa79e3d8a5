import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ASSET_ERROR, ASSET_PROCESSING, AssetTile, assetOverlay } from './asset-tile';

describe('asset tile', () => {
  it.each([
    [undefined, null],
    ['complete', null],
    ['created', null],
    ['pending', ASSET_PROCESSING],
    ['processing', ASSET_PROCESSING],
    ['error', ASSET_ERROR],
    ['lost', ASSET_ERROR],
  ])('state %s -> overlay %s', (state, want) => {
    expect(assetOverlay(state)).toBe(want);
  });

  it('a video loops muted while hovered, with its duration and name', () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
    render(<AssetTile name="river.mp4" type="video" thumbnailUrl="http://s3.local/r.jpg" previewUrl="http://s3.local/r.mp4" duration={75} state="processing" />);
    const tile = screen.getByTestId('asset-tile');
    const video = tile.querySelector('video')!;
    expect(video.muted).toBe(true);
    expect(video.loop).toBe(true);
    expect(video.getAttribute('poster')).toBe('http://s3.local/r.jpg');
    expect(screen.getByTestId('asset-tile-duration').textContent).toBe('1:15');
    expect(tile.textContent).toContain('river.mp4');
    expect(screen.getByTestId('asset-tile-overlay').textContent).toBe(ASSET_PROCESSING);
    fireEvent.mouseEnter(tile);
    expect(play).toHaveBeenCalledTimes(1);
    fireEvent.mouseLeave(tile);
    expect(pause).toHaveBeenCalledTimes(1);
    fireEvent.touchStart(tile);
    expect(play).toHaveBeenCalledTimes(2);
  });

  it('a picture shows its thumbnail and no badge', () => {
    render(<AssetTile name="lake.jpg" type="image" thumbnailUrl="http://s3.local/lake-t.jpg" duration={3} />);
    expect(screen.getByTestId('asset-tile').querySelector('img')!.getAttribute('src')).toBe('http://s3.local/lake-t.jpg');
    expect(screen.queryByTestId('asset-tile-duration')).toBeNull();
    expect(screen.queryByTestId('asset-tile-overlay')).toBeNull();
  });
});
