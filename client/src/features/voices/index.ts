export { VoicesPage } from './components/voices-page';
export { VoicePanel } from './components/voice-panel';
export { useNarratorVoice } from './stores/narrator-voice';
export type { Voice } from './api/types';
export { useVoices } from './api/get-voices';
export { isAvailable as isVoiceAvailable } from './utils/voice';
