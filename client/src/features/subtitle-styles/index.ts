export { SubtitleStyleChooser, type SubtitleStyleEditing } from './components/subtitle-style-chooser';
export { SubtitleStylePreview } from './components/subtitle-style-preview';
export { useSubtitleStyles } from './api/get-subtitle-styles';
export { subtitleStyleKeys } from './api/keys';
export type { StyleAspectRatio, SubtitleStyleConfig, SubtitleStyleFields } from './api/types';
