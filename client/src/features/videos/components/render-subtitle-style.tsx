import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { SubtitleStyleChooser, type SubtitleStyleConfig } from '@/features/subtitle-styles';
import { errorMessage, isApiError } from '@/lib/api-client';
import { videoKeys } from '../api/keys';
import type { Video } from '../api/types';
import { useUpdateVideo } from '../api/update-video';

/** STYLE_CHOICE_FAILED: the message when the video's style could not be changed and the server said nothing more. */
export const STYLE_CHOICE_FAILED = 'We could not change the subtitle style.';

/**
 * RenderSubtitleStyle chooses the subtitle style of the video's next render among the styles of its format, and makes
 * or edits styles. Like the burn switch it is locked while a render runs, and shows the style asked for until the
 * server has answered; then the stored one (the new one, or on an error the old one again). A style made here becomes
 * the video's.
 */
export function RenderSubtitleStyle({ video, rendering }: { video: Video; rendering: boolean }) {
  const queryClient = useQueryClient();
  const update = useUpdateVideo();
  const [want, setWant] = useState<number>();

  function choose(style: SubtitleStyleConfig) {
    if (style.subtitleStyleConfigId === video.subtitleStyleConfigId && want === undefined) return;
    setWant(style.subtitleStyleConfigId);
    update.mutate(
      { videoId: video.videoId, subtitleStyleConfigId: style.subtitleStyleConfigId },
      { onSettled: () => setWant(undefined) },
    );
  }

  function styleEdited(style: SubtitleStyleConfig) {
    // The server makes every video with this style a draft, so they may render again with its new look.
    void queryClient.invalidateQueries({ queryKey: videoKeys.lists });
    if (style.subtitleStyleConfigId !== video.subtitleStyleConfigId) return;
    void queryClient.invalidateQueries({ queryKey: videoKeys.detail(video.videoId), exact: true });
    void queryClient.invalidateQueries({ queryKey: videoKeys.creditsInfo(video.videoId) });
  }

  const refusal = update.isError && isApiError(update.error) ? update.error.fieldMap().subtitleStyleConfigId : undefined;
  return (
    <SubtitleStyleChooser
      aspectRatio={video.aspectRatio}
      selectedId={want ?? video.subtitleStyleConfigId}
      onChoose={choose}
      locked={rendering}
      busy={want !== undefined}
      hint={
        rendering
          ? 'Can be changed when the render has finished.'
          : 'Applies to the next render: to burned-in subtitles and to the ASS file.'
      }
      error={update.isError ? refusal || errorMessage(update.error, STYLE_CHOICE_FAILED) : undefined}
      editing={{ onCreated: choose, onUpdated: styleEdited }}
      testId="render-subtitle-style"
    />
  );
}
