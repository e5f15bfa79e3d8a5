import type { VideoListItem } from '../api/types';

let nextId = 500;

/** listItem: one card of GET /api/v2/video, ready unless told otherwise. */
export function listItem(overrides: Partial<VideoListItem> = {}): VideoListItem {
  nextId += 1;
  return {
    videoId: nextId,
    name: `Video ${nextId}`,
    thumbnailURL: `http://s3.local/t/${nextId}.jpg`,
    renderStatus: 'draft',
    buildStage: 4,
    buildStep: 'ready',
    duration: 75,
    sceneCount: 3,
    aspectRatio: 'horizontal',
    createdAt: '2026-11-01T10:00:00Z',
    isVoiceover: false,
    ...overrides,
  };
}

/** fullVideo: GET /api/v2/video/{id} with two scenes: image + video slides, then a text slide. */
export function fullVideo(videoId = 42) {
  return {
    videoId,
    name: 'Saving water',
    description: 'Five ways',
    draft: true,
    voiceId: 3,
    aspectRatio: 'horizontal',
    renderStatus: 'draft',
    contentUrl: '',
    thumbnailURL: '',
    buildStage: 4,
    buildStageName: 'ReadyToRender',
    buildStep: 'ready',
    buildError: '',
    pageUrl: '',
    text: '',
    keywords: [],
    templateId: 88,
    subtitleStyleConfigId: 3,
    hardcodeSubtitles: false,
    pauseAfterSlide: 0.5,
    duration: 14,
    isVoiceover: false,
    createdAt: '2026-11-01T10:00:00Z',
    updatedAt: '2026-11-01T10:00:00Z',
    scenes: [
      {
        sceneId: 2,
        order: 2,
        templateId: 88,
        needsAudio: false,
        audioError: '',
        duration: 4,
        layerList: [
          { layerId: 30, sceneId: 2, order: 1, duration: 4, text: 'Thanks for watching.', tagline: '', voiceId: 3, isFullScreen: false, isPlaceholder: false, narration: null, assetList: [{ assetId: 9, name: '', type: 'text', url: '', previewUrl: '', thumbnailUrl: '', text: 'Thanks for watching.', tagline: '' }] },
        ],
      },
      {
        sceneId: 1,
        order: 1,
        templateId: 88,
        needsAudio: false,
        audioError: '',
        duration: 0,
        layerList: [
          { layerId: 11, sceneId: 1, order: 2, duration: 6, text: 'Fix leaks.', tagline: '', voiceId: 3, isFullScreen: false, isPlaceholder: false, narration: { assetId: 71, url: 'http://s3.local/n/11.mp3', durationMs: 6000, sentences: [] }, assetList: [{ assetId: 5, name: 'pipe.mp4', type: 'video', url: 'http://s3.local/v.mp4', previewUrl: '', thumbnailUrl: 'http://s3.local/v.jpg', text: '', tagline: '' }] },
          { layerId: 10, sceneId: 1, order: 1, duration: 4, text: 'Turn off the tap.', tagline: 'Tip one', voiceId: 3, isFullScreen: false, isPlaceholder: false, narration: { assetId: 70, url: 'http://s3.local/n/10.mp3', durationMs: 4000, sentences: [] }, assetList: [{ assetId: 4, name: 'tap.jpg', type: 'image', url: 'http://s3.local/tap.jpg', previewUrl: '', thumbnailUrl: 'http://s3.local/tap-t.jpg', text: '', tagline: '' }] },
        ],
      },
    ],
  };
}
