import { styleRoutes } from '@/features/subtitle-styles/test/fixtures';
import { mockApi, ok, type MockHandler } from '@/test/mock-api';
import { signedIn } from '@/test/render-app';
import { fullVideo } from './fixtures';

/** RawSlide is one slide of the raw answer, loose enough for tests to change any field. */
export interface RawSlide {
  layerId: number;
  sceneId: number;
  order: number;
  duration: number;
  text: string;
  tagline: string;
  voiceId: number | null;
  isFullScreen: boolean;
  isPlaceholder: boolean;
  narration: { assetId: number; url: string; durationMs: number; sentences: Array<{ text: string; startMs: number; durationMs: number }> } | null;
  assetList: Array<Record<string, unknown>>;
  [field: string]: unknown;
}

type FixtureScene = ReturnType<typeof fullVideo>['scenes'][number];

/** RawVideo is GET /api/v2/video/{id} as the fixture answers it. */
export type RawVideo = Omit<ReturnType<typeof fullVideo>, 'scenes'> & {
  scenes: Array<Omit<FixtureScene, 'layerList'> & { layerList: RawSlide[] }>;
  [field: string]: unknown;
};

/** editorApi: every call the editor makes on opening video 42, with the given routes on top. */
export function editorApi(routes: Record<string, MockHandler> = {}, video: () => unknown = () => fullVideo()) {
  return mockApi({
    ...signedIn(),
    'GET /api/v2/video/42': () => ok(video()),
    'GET /api/v2/video/42/credits-info': ok({ canRender: true, renderAllowed: true, requiredCredits: 1, remainingCredits: 9 }),
    'GET /api/v2/video/42/renderStatusWithDetails': ok({ videoId: 42, status: '' }),
    'GET /api/v2/video/42/exports': ok({ exports: [] }),
    'GET /api/v2/video/42/backgroundAudio': ok({ items: [] }),
    'GET /api/v2/video/42/inserts': ok({ inserts: [] }),
    'GET /api/v2/video/insert/types': ok({ types: [] }),
    'GET /api/v2/video/42/subtitles': ok({ subtitles: [], edited: false }),
    'GET /api/v2/video/42/validate': ok({ validations: [] }),
    'GET /api/v2/video/42/pendingAssetStatus': ok({ pending: false, assets: [] }),
    'GET /api/v2/voice': ok({ voices: [], page: 1, pageSize: 1000, total: 0 }),
    ...styleRoutes(),
    ...routes,
  });
}

/** edited: the fixture video with fn applied (a copy, as the server would answer after an edit). */
export function edited(fn: (v: RawVideo) => void, base: () => RawVideo = () => fullVideo() as RawVideo): RawVideo {
  const v = base();
  fn(v);
  return v;
}

/** threeSlideScene: the fixture with a third slide (a placeholder) in scene 1, order 10, 11, 12. */
export function withPlaceholder(): RawVideo {
  return edited((v) => {
    v.scenes[1].layerList.push({
      ...v.scenes[1].layerList[0],
      layerId: 12,
      order: 3,
      text: 'Coming soon.',
      isPlaceholder: true,
      narration: null,
    });
  });
}
