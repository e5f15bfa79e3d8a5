export { ManageVideosPage } from './components/manage-videos-page';
export { VideoPreviewRoute } from './components/video-preview-page';
export { EditorRoute } from './components/editor-page';
export { useVideo, videoQueryOptions } from './api/get-video';
export { videoKeys } from './api/keys';
export { BUILD_STAGE, type AspectRatio, type BuildStep, type Video } from './api/types';
export { isBuildFailed, isBuildFinal, isBuildReady, isBuilding } from './utils/build-stage';
