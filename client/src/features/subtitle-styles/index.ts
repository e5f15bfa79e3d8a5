export { SubtitleStyleChooser, type SubtitleStyleEditing } from './components/subtitle-style-chooser';
export { SubtitleStylePreview } from './components/subtitle-style-preview';
export { useSubtitleStyles } from './api/get-subtitle-styles';
export { subtitleStyleKeys } from './api/keys';
export type { StyleAspectRatio, SubtitlePosition, SubtitleStyleConfig, SubtitleStyleFields } from './api/types';
export { STYLE_CANVAS } from './utils/limits';
