// The pages (manage videos, preview, editor) are loaded lazily by the routes from their own modules.
export { useVideo, videoQueryOptions } from './api/get-video';
export { videoKeys } from './api/keys';
export { BUILD_STAGE, type AspectRatio, type BuildStep, type Video } from './api/types';
export { isBuildFailed, isBuildFinal, isBuildReady, isBuilding } from './utils/build-stage';
