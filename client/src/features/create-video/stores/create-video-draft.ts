import { create } from 'zustand';
import type { Voice } from '@/features/voices';
import type { AspectRatio, AutomatchSettings, GeneratedScript, Preset, PulledContent } from '../api/types';
import { settingsFromPreset } from '../utils/presets';
import {
  aspectRatioSideEffects,
  DEFAULT_SCRIPT_GENERATOR,
  DEFAULT_SETTINGS,
  DEFAULT_STYLE_MODIFIER,
  type ScriptGeneratorSettings,
  type StyleModifierSettings,
  type VideoSettings,
} from '../utils/settings';
import { toggleTone } from '../utils/tones';
import { normalizePageUrl } from '../utils/validation';

/** The four ways to start a video. */
export type CreateType = 'url' | 'script' | 'topic' | 'voiceover';

/** The draft's data: everything the user chose so far (UI state; nothing here came from a query). */
export interface DraftData {
  createType: CreateType | null;
  name: string;
  description: string;
  /** The script: typed, generated, pulled from the page or transformed. */
  body: string;
  keywords: string[];
  /** Ids of the pulled page's assets that go into the video. */
  mediaAssetIds: number[];
  contentUrl: string;
  pulledContent: PulledContent | null;
  scriptPrompt: string;
  voiceoverFile: File | null;
  scriptGenerator: ScriptGeneratorSettings;
  styleModifier: StyleModifierSettings;
  modifiedScript: GeneratedScript | null;
  createVideoRequestId: string;
  settings: VideoSettings;
  /** The chosen voice, for the narrator panel; settings.voiceId is what is sent. */
  voice: Voice | null;
  aiChoosesVoice: boolean;
  /** The preset whose settings the draft started from; presetChecked once presets were looked at. */
  presetId: number | null;
  presetChecked: boolean;
  /** The user chose a format; a default preset that arrives later keeps it. */
  formatChosen: boolean;
}

export const EMPTY_DRAFT: DraftData = {
  createType: null,
  name: 'Untitled',
  description: '',
  body: '',
  keywords: [],
  mediaAssetIds: [],
  contentUrl: '',
  pulledContent: null,
  scriptPrompt: '',
  voiceoverFile: null,
  scriptGenerator: DEFAULT_SCRIPT_GENERATOR,
  styleModifier: DEFAULT_STYLE_MODIFIER,
  modifiedScript: null,
  createVideoRequestId: '',
  settings: DEFAULT_SETTINGS,
  voice: null,
  aiChoosesVoice: false,
  presetId: null,
  presetChecked: false,
  formatChosen: false,
};

interface DraftState extends DraftData {
  /** Epoch ms until which script generation waits (outlives the draft: it is the user's, not the video's). */
  scriptThrottledUntil: number;
  /** The draft as it was submitted last, so a failed build can be retried or edited. */
  lastSubmitted: DraftData | null;
  /** Field errors of the last failed create call, by API field name (shown under the fields). */
  createErrors: Record<string, string>;
  /** The video just created from this draft, until its generating screen is shown. */
  createdVideoId: number;

  typeChosen: (type: CreateType) => void;
  aspectRatioChosen: (ratio: AspectRatio) => void;
  pageUrlEntered: (url: string) => void;
  contentPulled: (content: PulledContent) => void;
  pulledAssetToggled: (assetId: number) => void;
  promptEntered: (prompt: string) => void;
  voiceoverFileChosen: (file: File | null) => void;
  scriptGeneratorChanged: (patch: Partial<ScriptGeneratorSettings>) => void;
  scriptGenerated: (script: GeneratedScript, throttleMs: number) => void;
  scriptThrottled: (retryAfterMs: number) => void;
  styleModifierChanged: (patch: Partial<Omit<StyleModifierSettings, 'tones'>>) => void;
  toneToggled: (tone: string) => void;
  scriptStyled: (script: GeneratedScript, throttleMs: number) => void;
  styledScriptAccepted: () => void;
  scriptEdited: (text: string) => void;
  nameEdited: (name: string) => void;
  descriptionEdited: (description: string) => void;
  settingsChanged: (patch: Partial<Omit<VideoSettings, 'automatch' | 'aspectRatio' | 'voiceId'>>) => void;
  automatchChanged: (patch: Partial<AutomatchSettings>) => void;
  voiceChosen: (voice: Voice) => void;
  aiVoiceChosen: () => void;
  presetChosen: (preset: Preset | null) => void;
  defaultPresetLoaded: (preset: Preset | null) => void;
  videoSubmitted: () => void;
  createFailed: (errors: Record<string, string>) => void;
  videoCreated: (videoId: number) => void;
  generatingShown: (videoId: number) => void;
  submittedDraftRestored: () => void;
  draftDiscarded: () => void;
}

/** Setting one source (prompt, page URL, voiceover file) clears the other two. */
const NO_SOURCE = { contentUrl: '', pulledContent: null, scriptPrompt: '', voiceoverFile: null } as const;

function titleOr(current: string, title: string): string {
  return title && (current.trim() === '' || current === EMPTY_DRAFT.name) ? title : current;
}

/** draftData: the data part of a state (no actions, no throttle). */
export function draftData(s: DraftData): DraftData {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(EMPTY_DRAFT)) out[key] = (s as unknown as Record<string, unknown>)[key];
  return out as unknown as DraftData;
}

/** useCreateVideoDraft is the single-video draft of the create flow; actions are named after what happened. */
export const useCreateVideoDraft = create<DraftState>()((set, get) => ({
  ...EMPTY_DRAFT,
  scriptThrottledUntil: 0,
  lastSubmitted: null,
  createErrors: {},
  createdVideoId: 0,

  typeChosen: (createType) => set({ createType, createdVideoId: 0 }),
  aspectRatioChosen: (ratio) =>
    set((s) => ({ formatChosen: true, settings: { ...s.settings, ...aspectRatioSideEffects(ratio) } })),

  pageUrlEntered: (url) =>
    set((s) => {
      const samePage = s.pulledContent?.url === normalizePageUrl(url);
      // A script that came from another page goes with that page.
      const pulledBody = s.pulledContent !== null && s.body === s.pulledContent.text;
      return {
        ...NO_SOURCE,
        contentUrl: url,
        pulledContent: samePage ? s.pulledContent : null,
        mediaAssetIds: samePage ? s.mediaAssetIds : [],
        body: !samePage && pulledBody ? '' : s.body,
      };
    }),
  contentPulled: (content) =>
    set((s) => ({
      ...NO_SOURCE,
      contentUrl: content.url,
      pulledContent: content,
      name: content.title || s.name,
      description: content.description || s.description,
      keywords: content.keywords,
      body: content.text,
      mediaAssetIds: content.assets.filter((a) => a.type === 'image' || a.type === 'video').map((a) => a.assetId),
    })),
  pulledAssetToggled: (assetId) =>
    set((s) => ({
      mediaAssetIds: s.mediaAssetIds.includes(assetId)
        ? s.mediaAssetIds.filter((id) => id !== assetId)
        : [...s.mediaAssetIds, assetId],
    })),
  promptEntered: (prompt) => set({ ...NO_SOURCE, scriptPrompt: prompt, mediaAssetIds: [] }),
  voiceoverFileChosen: (file) => set({ ...NO_SOURCE, voiceoverFile: file, mediaAssetIds: [] }),

  scriptGeneratorChanged: (patch) => set((s) => ({ scriptGenerator: { ...s.scriptGenerator, ...patch } })),
  scriptGenerated: (script, throttleMs) =>
    set((s) => ({
      body: script.text,
      name: titleOr(s.name, script.title),
      description: script.description || s.description,
      modifiedScript: null,
      scriptThrottledUntil: Date.now() + throttleMs,
    })),
  scriptThrottled: (retryAfterMs) => set({ scriptThrottledUntil: Date.now() + retryAfterMs }),

  styleModifierChanged: (patch) => set((s) => ({ styleModifier: { ...s.styleModifier, ...patch } })),
  toneToggled: (tone) =>
    set((s) => ({ styleModifier: { ...s.styleModifier, tones: toggleTone(s.styleModifier.tones, tone) } })),
  scriptStyled: (script, throttleMs) => set({ modifiedScript: script, scriptThrottledUntil: Date.now() + throttleMs }),
  styledScriptAccepted: () => {
    const styled = get().modifiedScript;
    if (!styled) return;
    set((s) => ({
      body: styled.text,
      name: titleOr(s.name, styled.title),
      description: s.description || styled.description,
      modifiedScript: null,
    }));
  },

  scriptEdited: (body) => set({ body }),
  nameEdited: (name) => set({ name }),
  descriptionEdited: (description) => set({ description }),
  settingsChanged: (patch) => set((s) => ({ settings: { ...s.settings, ...patch } })),
  automatchChanged: (patch) =>
    set((s) => ({ settings: { ...s.settings, automatch: { ...s.settings.automatch, ...patch } } })),
  voiceChosen: (voice) =>
    set((s) => ({ voice, aiChoosesVoice: false, settings: { ...s.settings, voiceId: voice.voiceId } })),
  aiVoiceChosen: () => set((s) => ({ voice: null, aiChoosesVoice: true, settings: { ...s.settings, voiceId: null } })),

  presetChosen: (preset) =>
    set((s) => {
      if (!preset) return { presetChecked: true, presetId: null };
      const settings = settingsFromPreset(preset, DEFAULT_SETTINGS);
      // A preset without a voice keeps the one chosen; a preset's own voice replaces it (shown by id).
      if (settings.voiceId === null) {
        return {
          presetChecked: true,
          presetId: preset.presetId,
          settings: { ...settings, voiceId: s.voice?.voiceId ?? null },
        };
      }
      const keep = s.voice?.voiceId === settings.voiceId;
      return { presetChecked: true, presetId: preset.presetId, settings, voice: keep ? s.voice : null, aiChoosesVoice: false };
    }),

  defaultPresetLoaded: (preset) => {
    const { formatChosen, settings } = get();
    get().presetChosen(preset);
    if (preset && formatChosen) {
      set((s) => ({ settings: { ...s.settings, ...aspectRatioSideEffects(settings.aspectRatio) } }));
    }
  },

  videoSubmitted: () => set((s) => ({ lastSubmitted: draftData(s), createErrors: {} })),
  createFailed: (createErrors) => set({ createErrors }),
  videoCreated: (videoId) => set({ ...EMPTY_DRAFT, createErrors: {}, createdVideoId: videoId }),
  generatingShown: (videoId) => {
    if (get().createdVideoId === videoId) set({ createdVideoId: 0 });
  },
  submittedDraftRestored: () => {
    const last = get().lastSubmitted;
    if (last) set({ ...last });
  },
  draftDiscarded: () => set({ ...EMPTY_DRAFT, createErrors: {}, createdVideoId: 0 }),
}));
