export interface VoiceTag {
  tagId: number;
  tag: string;
  tagCategoryId: number;
}

export interface Voice {
  voiceId: number;
  name: string;
  gender: string;
  languageCode: string;
  tags: VoiceTag[];
  audioSampleURL: string;
  voiceProviderVoiceId: string;
  voiceProviderId: number;
  isRecommended: boolean;
  isPublic: boolean;
  cloned: boolean;
  deletedAt: string | null;
  createdAt: string;
}

export interface VoicePage {
  voices: Voice[];
  page: number;
  pageSize: number;
  total: number;
}

export interface Tag {
  tagId: number;
  tag: string;
  parentTagId: number | null;
  count: number;
  recommendedCount: number;
}

export interface TagCategory {
  tagCategoryId: number;
  name: string;
  maxTagsPerEntity: number;
  tags: Tag[];
}

export interface TagGroup {
  tagGroupId: number;
  name: string;
  marketplaceKind: number;
  categories: TagCategory[];
}

/** What the picker's filters ask for (UI state, turned into query params by buildVoiceParams). */
export interface VoiceFilters {
  search: string;
  recommendedOnly: boolean;
  /** Selected tag ids per tag category. */
  tags: Record<number, number[]>;
  cloned?: boolean;
}
