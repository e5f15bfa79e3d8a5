package activities

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"time"

	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/temporal"

	"pagecast/blob"
	"pagecast/domain"
	"pagecast/models"
	"pagecast/providers/tts"
	"pagecast/store"
)

// narrationStore is what scene narration needs from the database.
type narrationStore interface {
	SceneForAudio(ctx context.Context, sceneID int64) (models.Scene, models.Video, error)
	Voice(ctx context.Context, id int64) (models.Voice, error)
	SetLayerNarration(ctx context.Context, n store.LayerNarration, now time.Time) (bool, error)
	ClearLayerNarration(ctx context.Context, layerID int64, silentMs int, now time.Time) error
	FinishSceneAudio(ctx context.Context, sceneID int64, hash func(int64, string) string, now time.Time) (bool, error)
	FailSceneAudio(ctx context.Context, sceneID int64, message string) error
}

// narrationObjects is where narration audio goes.
type narrationObjects interface {
	Put(ctx context.Context, key string, r io.Reader, size int64, contentType string) error
	Head(ctx context.Context, key string) (blob.ObjectInfo, error)
}

// NarrationActivities makes slides' narration with the voice providers and stores it.
// Workflows call it through a nil pointer.
type NarrationActivities struct {
	Store narrationStore
	Blob  narrationObjects
	// Speakers synthesise speech per voice provider; a voice whose provider is missing
	// cannot narrate (a clear, final error).
	Speakers map[models.VoiceProvider]tts.Synthesizer
	Tools    tts.Tools
	// Workers is how many sentences one slide synthesises at once; 0 = 1.
	Workers int
}

// Error types of narration failures the workflow records on the scene.
const (
	ErrTypeVoiceUnavailable = "VoiceUnavailable"
	ErrTypeNarration        = "NarrationFailed"
)

// SlideNarrationPlan is one slide to narrate.
type SlideNarrationPlan struct {
	LayerID int64
	Order   int
	Text    string
	VoiceID int64
	Hash    string
	PauseMs int
}

// PlanSceneAudioInput names the scene.
type PlanSceneAudioInput struct {
	SceneID int64
}

// PlanSceneAudioResult lists the slides whose narration is missing or stale, and the
// slides that have nothing to say.
type PlanSceneAudioResult struct {
	VideoID int64
	Narrate []SlideNarrationPlan
	Silent  []int64
	// Gone is true when the scene or its video no longer exists.
	Gone bool
}

// PlanSceneAudio works out which slides of a scene need narration now.
func (a *NarrationActivities) PlanSceneAudio(ctx context.Context, in PlanSceneAudioInput) (PlanSceneAudioResult, error) {
	sc, v, err := a.Store.SceneForAudio(ctx, in.SceneID)
	if errors.Is(err, models.ErrNotFound) {
		return PlanSceneAudioResult{Gone: true}, nil
	}
	if err != nil {
		return PlanSceneAudioResult{}, err
	}
	res := PlanSceneAudioResult{VideoID: v.ID, Gone: v.DeletedAt != nil}
	if res.Gone || v.IsVoiceover {
		return res, nil // a voiceover video is narrated by its upload
	}
	for _, l := range sc.Layers {
		if l.Text == "" {
			if l.NarrationAssetID != nil || l.DurationMs == 0 {
				res.Silent = append(res.Silent, l.ID)
			}
			continue
		}
		voice := store.EffectiveVoice(l, v)
		hash := domain.NarrationHash(voice, l.Text)
		if l.NarrationAssetID != nil && l.NarrationHash == hash {
			stored, err := a.narrationStored(ctx, l.Narration)
			if err != nil {
				return PlanSceneAudioResult{}, err
			}
			if stored {
				continue
			}
		}
		res.Narrate = append(res.Narrate, SlideNarrationPlan{LayerID: l.ID, Order: l.Order, Text: l.Text,
			VoiceID: voice, Hash: hash, PauseMs: v.PauseAfterSlideMs})
	}
	return res, nil
}

// narrationStored reports whether a slide's current narration can still be played: a
// live asset whose audio file is in the object store. One that is gone (deleted, its
// file lost) is made again, so "Generate the scene's audio" mends it.
func (a *NarrationActivities) narrationStored(ctx context.Context, n *models.Asset) (bool, error) {
	if !n.Usable() {
		return false, nil
	}
	_, err := a.Blob.Head(ctx, n.MediaKey)
	switch {
	case err == nil:
		return true, nil
	case errors.Is(err, blob.ErrNotFound):
		return false, nil
	}
	return false, fmt.Errorf("narration file %s: %w", n.MediaKey, err)
}

// NarrateSlideInput is one slide to narrate.
type NarrateSlideInput struct {
	VideoID     int64
	PublisherID int64
	Slide       SlideNarrationPlan
}

// NarrateSlideResult says whether the narration was stored (false: the slide changed
// meanwhile and will be narrated again) and how long it is.
type NarrateSlideResult struct {
	Stored     bool
	DurationMs int
}

// NarrateSlide speaks a slide sentence by sentence with its voice, inserts its pause
// markers as silence, stores the WAV and records it with exact sentence timings.
func (a *NarrationActivities) NarrateSlide(ctx context.Context, in NarrateSlideInput) (NarrateSlideResult, error) {
	defer heartbeatEvery(ctx, buildHeartbeatEvery, nil)()
	voice, err := a.Store.Voice(ctx, in.Slide.VoiceID)
	if err != nil {
		if errors.Is(err, models.ErrNotFound) {
			return NarrateSlideResult{}, temporal.NewNonRetryableApplicationError(
				"The narrator voice of this slide no longer exists. Choose another voice.", ErrTypeVoiceUnavailable, err)
		}
		return NarrateSlideResult{}, err
	}
	speaker := a.Speakers[voice.Provider]
	if speaker == nil || voice.ProviderDeletedAt != nil {
		return NarrateSlideResult{}, temporal.NewNonRetryableApplicationError(
			fmt.Sprintf("The voice %q cannot speak on this server: its provider is not configured.", voice.Name),
			ErrTypeVoiceUnavailable, nil)
	}
	var parts []tts.Part
	for _, seg := range domain.SplitSentences(in.Slide.Text) {
		if seg.Pause != nil {
			parts = append(parts, tts.Part{PauseMs: seg.Pause.DurationMs})
		} else {
			parts = append(parts, tts.Part{Text: seg.Text})
		}
	}
	n, err := tts.Narrate(ctx, speaker, parts, tts.NarrateOptions{VoiceID: voice.ProviderVoiceID,
		Language: voice.LanguageCode, Workers: max(a.Workers, 1), Tools: a.Tools})
	if err != nil {
		if errors.Is(err, tts.ErrRejected) {
			return NarrateSlideResult{}, temporal.NewNonRetryableApplicationError(
				"The voice provider refused to read this slide.", ErrTypeNarration, err)
		}
		return NarrateSlideResult{}, fmt.Errorf("narrate slide %d: %w", in.Slide.LayerID, err)
	}
	timings, err := json.Marshal(n.Parts)
	if err != nil {
		return NarrateSlideResult{}, err
	}
	key := models.NarrationKey(in.PublisherID, in.VideoID, in.Slide.LayerID, in.Slide.Hash, narrationRun(ctx))
	if err := a.Blob.Put(ctx, key, bytes.NewReader(n.Audio), int64(len(n.Audio)), "audio/wav"); err != nil {
		return NarrateSlideResult{}, fmt.Errorf("store narration: %w", err)
	}
	now := time.Now().UTC()
	stored, err := a.Store.SetLayerNarration(ctx, store.LayerNarration{
		LayerID: in.Slide.LayerID, Text: in.Slide.Text, VoiceID: in.Slide.VoiceID, Hash: in.Slide.Hash,
		Asset: models.Asset{
			Name: fmt.Sprintf("Narration of slide %d", in.Slide.Order), TypeID: models.AssetTypeIDAudio,
			Source: models.AssetSourceInternal, State: models.AssetStateComplete, ContentType: "audio/wav",
			Size: int64(len(n.Audio)), Duration: float64(n.DurationMs) / 1000, AudioCodec: "pcm_s16le",
			OriginalKey: key, MediaKey: key, CompletedAt: &now,
		},
		NarrationMs: n.DurationMs, Timings: timings, PauseMs: in.Slide.PauseMs,
	}, now)
	if err != nil {
		return NarrateSlideResult{}, err
	}
	return NarrateSlideResult{Stored: stored, DurationMs: n.DurationMs}, nil
}

// ClearSlideNarrationInput names a slide with nothing to say.
type ClearSlideNarrationInput struct {
	LayerID int64
}

// ClearSlideNarrationResult is empty.
type ClearSlideNarrationResult struct{}

// ClearSlideNarration removes a text-less slide's narration and gives it a silent
// duration.
func (a *NarrationActivities) ClearSlideNarration(ctx context.Context, in ClearSlideNarrationInput) (ClearSlideNarrationResult, error) {
	return ClearSlideNarrationResult{}, a.Store.ClearLayerNarration(ctx, in.LayerID, domain.SilentSlideMs, time.Now())
}

// FinishSceneAudioInput names the scene.
type FinishSceneAudioInput struct {
	SceneID int64
}

// FinishSceneAudioResult says whether every slide's narration is current; when not, a
// slide changed during narration and the workflow narrates again.
type FinishSceneAudioResult struct {
	Current bool
}

// FinishSceneAudio marks the scene's narration done if it is current.
func (a *NarrationActivities) FinishSceneAudio(ctx context.Context, in FinishSceneAudioInput) (FinishSceneAudioResult, error) {
	ok, err := a.Store.FinishSceneAudio(ctx, in.SceneID, domain.NarrationHash, time.Now())
	return FinishSceneAudioResult{Current: ok}, err
}

// FailSceneAudioInput records a narration failure on a scene.
type FailSceneAudioInput struct {
	SceneID int64
	Message string
}

// FailSceneAudioResult is empty.
type FailSceneAudioResult struct{}

// FailSceneAudio records why a scene has no narration.
func (a *NarrationActivities) FailSceneAudio(ctx context.Context, in FailSceneAudioInput) (FailSceneAudioResult, error) {
	return FailSceneAudioResult{}, a.Store.FailSceneAudio(ctx, in.SceneID, in.Message)
}

// narrationRun names the activity execution narrating a slide: the same for its
// retries, different for every later narration of the slide.
func narrationRun(ctx context.Context) string {
	if activity.IsActivity(ctx) {
		info := activity.GetInfo(ctx)
		run := info.WorkflowExecution.RunID
		if len(run) > 8 {
			run = run[:8]
		}
		return run + "-" + info.ActivityID
	}
	var b [4]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}
