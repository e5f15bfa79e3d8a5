package store_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"pagecast/models"
	"pagecast/store"
	"pagecast/store/storetest"
)

func newAsset(t *testing.T, s *store.Store, publisherID int64, name string, typ models.AssetTypeID, created time.Time) models.Asset {
	t.Helper()
	a := models.Asset{PublisherID: publisherID, Name: name, TypeID: typ, Source: models.AssetSourceInternal,
		State: models.AssetStatePending, CreatedAt: created, UpdatedAt: created}
	if err := s.CreateAsset(context.Background(), &a); err != nil {
		t.Fatal(err)
	}
	return a
}

func TestAssetPage(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		ctx := context.Background()
		s := db.Store
		ann := newAccount(t, s, "ann@example.com").PublisherID
		bo := newAccount(t, s, "bo@example.com").PublisherID
		t0 := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
		beach := newAsset(t, s, ann, "Beach_Sunset.mp4", models.AssetTypeIDVideo, t0)
		logo := newAsset(t, s, ann, "logo 100%.png", models.AssetTypeIDImage, t0.Add(time.Hour))
		voice := newAsset(t, s, ann, "Voice over.mp3", models.AssetTypeIDAudio, t0.Add(2*time.Hour))
		newAsset(t, s, bo, "beach party.mp4", models.AssetTypeIDVideo, t0.Add(3*time.Hour))
		ai := newAsset(t, s, ann, "ai picture", models.AssetTypeIDImage, t0.Add(4*time.Hour))
		if err := s.DB().Model(&ai).Update("source", models.AssetSourceAIImage).Error; err != nil {
			t.Fatal(err)
		}
		after, before := t0.Add(30*time.Minute), t0.Add(150*time.Minute)
		tests := []struct {
			name  string
			f     store.AssetFilter
			want  []int64
			total int64
		}{
			{"everything, newest first", store.AssetFilter{PageSize: 20}, []int64{ai.ID, voice.ID, logo.ID, beach.ID}, 4},
			{"second page", store.AssetFilter{Page: 2, PageSize: 3}, []int64{beach.ID}, 4},
			{"images", store.AssetFilter{Types: []models.AssetTypeID{models.AssetTypeIDImage}, PageSize: 20}, []int64{ai.ID, logo.ID}, 2},
			{"video and audio", store.AssetFilter{Types: []models.AssetTypeID{models.AssetTypeIDVideo, models.AssetTypeIDAudio}, PageSize: 20}, []int64{voice.ID, beach.ID}, 2},
			{"internal source", store.AssetFilter{Sources: []models.AssetSource{models.AssetSourceInternal}, PageSize: 20}, []int64{voice.ID, logo.ID, beach.ID}, 3},
			{"created window", store.AssetFilter{CreatedAfter: &after, CreatedBefore: &before, PageSize: 20}, []int64{voice.ID, logo.ID}, 2},
			{"name ignores case", store.AssetFilter{Name: "BEACH", PageSize: 20}, []int64{beach.ID}, 1},
			{"underscore is literal", store.AssetFilter{Name: "h_s", PageSize: 20}, []int64{beach.ID}, 1},
			{"percent is literal", store.AssetFilter{Name: "100%", PageSize: 20}, []int64{logo.ID}, 1},
			{"no match", store.AssetFilter{Name: "%%", PageSize: 20}, nil, 0},
		}
		for _, tt := range tests {
			got, total, err := s.AssetPage(ctx, ann, tt.f)
			if err != nil {
				t.Fatalf("%s: %v", tt.name, err)
			}
			var ids []int64
			for _, a := range got {
				ids = append(ids, a.ID)
			}
			if total != tt.total || !equalIDs(ids, tt.want) {
				t.Errorf("%s: ids %v total %d, want %v total %d", tt.name, ids, total, tt.want, tt.total)
			}
		}
	})
}

func equalIDs(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestAssetsAreScopedToTheirAccount(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		ctx := context.Background()
		s := db.Store
		ann := newAccount(t, s, "ann@example.com").PublisherID
		bo := newAccount(t, s, "bo@example.com").PublisherID
		a1 := newAsset(t, s, ann, "one", models.AssetTypeIDImage, time.Now())
		a2 := newAsset(t, s, ann, "two", models.AssetTypeIDImage, time.Now())
		b1 := newAsset(t, s, bo, "bo's", models.AssetTypeIDImage, time.Now())

		if _, err := s.Asset(ctx, bo, a1.ID); !errors.Is(err, models.ErrNotFound) {
			t.Fatalf("bo reads ann's asset: %v", err)
		}
		got, err := s.AssetsByIDs(ctx, ann, []int64{a2.ID, a1.ID, a2.ID})
		if err != nil || len(got) != 2 || got[0].ID != a2.ID || got[1].ID != a1.ID {
			t.Fatalf("by ids = %+v, %v", got, err)
		}
		if _, err := s.AssetsByIDs(ctx, ann, []int64{a1.ID, b1.ID}); !errors.Is(err, models.ErrNotFound) {
			t.Fatalf("mixed ids: %v", err)
		}
		name := "renamed"
		if _, err := s.UpdateAsset(ctx, bo, a1.ID, store.AssetUpdate{Name: &name}); !errors.Is(err, models.ErrNotFound) {
			t.Fatalf("bo renames ann's asset: %v", err)
		}
		if u, err := s.UpdateAsset(ctx, ann, a1.ID, store.AssetUpdate{Name: &name}); err != nil || u.Name != "renamed" || u.Text != "" {
			t.Fatalf("rename = %+v, %v", u, err)
		}

		// Bulk delete is all or nothing.
		if _, err := s.DeleteAssets(ctx, ann, []int64{a1.ID, b1.ID}, time.Now()); !errors.Is(err, models.ErrNotFound) {
			t.Fatalf("delete with a foreign id: %v", err)
		}
		if _, err := s.Asset(ctx, ann, a1.ID); err != nil {
			t.Fatalf("a1 deleted by a refused bulk delete: %v", err)
		}
		if _, err := s.Asset(ctx, bo, b1.ID); err != nil {
			t.Fatalf("b1 deleted by ann: %v", err)
		}
		deleted, err := s.DeleteAssets(ctx, ann, []int64{a1.ID, a2.ID}, time.Now())
		if err != nil || len(deleted) != 2 || deleted[0].DeletedAt == nil {
			t.Fatalf("delete = %+v, %v", deleted, err)
		}
		if _, err := s.Asset(ctx, ann, a1.ID); !errors.Is(err, models.ErrNotFound) {
			t.Fatalf("deleted asset still readable: %v", err)
		}
		if _, err := s.DeleteAssets(ctx, ann, []int64{a1.ID}, time.Now()); !errors.Is(err, models.ErrNotFound) {
			t.Fatalf("deleting twice: %v", err)
		}
		if _, total, _ := s.AssetPage(ctx, ann, store.AssetFilter{PageSize: 10}); total != 0 {
			t.Fatalf("deleted assets listed: %d", total)
		}
		// The sweep sees them until their objects are gone.
		pending, err := s.DeletedAssetsWithObjects(ctx, time.Now().Add(time.Minute), 10)
		if err != nil || len(pending) != 2 {
			t.Fatalf("awaiting object deletion = %d, %v", len(pending), err)
		}
		if err := s.MarkAssetObjectsDeleted(ctx, []int64{a1.ID, a2.ID}, time.Now()); err != nil {
			t.Fatal(err)
		}
		if pending, _ := s.DeletedAssetsWithObjects(ctx, time.Now().Add(time.Minute), 10); len(pending) != 0 {
			t.Fatalf("still awaiting: %d", len(pending))
		}
	})
}

func TestAssetImportStates(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		ctx := context.Background()
		s := db.Store
		ann := newAccount(t, s, "ann@example.com").PublisherID
		a := models.Asset{PublisherID: ann, Name: "clip.mov", TypeID: models.AssetTypeIDVideo, Source: models.AssetSourceInternal, State: models.AssetStateCreated}
		if err := s.CreateAsset(ctx, &a); err != nil {
			t.Fatal(err)
		}
		if _, err := s.MarkAssetProcessing(ctx, a.ID); !errors.Is(err, models.ErrInvalidState) {
			t.Fatalf("created -> processing: %v", err)
		}
		if err := s.SetUploadKey(ctx, a.ID, "assets/x/original.mov"); err != nil {
			t.Fatal(err)
		}
		if stale, err := s.StaleCreatedAssets(ctx, time.Now().Add(time.Minute), 10); err != nil || len(stale) != 1 || stale[0].OriginalKey != "assets/x/original.mov" {
			t.Fatalf("stale created = %+v, %v", stale, err)
		}
		if err := s.MarkAssetUploaded(ctx, a.ID); err != nil {
			t.Fatal(err)
		}
		if stale, _ := s.StaleCreatedAssets(ctx, time.Now().Add(time.Minute), 10); len(stale) != 0 {
			t.Fatalf("uploaded asset still stale: %+v", stale)
		}
		for i := 0; i < 2; i++ { // a retried activity marks it again
			got, err := s.MarkAssetProcessing(ctx, a.ID)
			if err != nil || got.State != models.AssetStateProcessing {
				t.Fatalf("processing = %+v, %v", got, err)
			}
		}
		res := store.AssetImport{TypeID: models.AssetTypeIDVideo, ContentType: "video/mp4", Duration: 2.5, Width: 640, Height: 360,
			VideoCodec: "h264", AudioCodec: "aac", MediaKey: "m", PreviewKey: "p", ThumbnailKey: "t"}
		first, err := s.CompleteAsset(ctx, a.ID, res, time.Now())
		if err != nil || first.State != models.AssetStateComplete || first.Duration != 2.5 || first.CompletedAt == nil {
			t.Fatalf("complete = %+v, %v", first, err)
		}
		// Completing again changes nothing; failing a complete asset is refused.
		res.MediaKey = "other"
		again, err := s.CompleteAsset(ctx, a.ID, res, time.Now().Add(time.Hour))
		if err != nil || again.MediaKey != "m" || !again.CompletedAt.Equal(*first.CompletedAt) {
			t.Fatalf("complete again = %+v, %v", again, err)
		}
		if _, err := s.FailAsset(ctx, a.ID, "nope", models.ErrorKeyInvalidMedia); !errors.Is(err, models.ErrInvalidState) {
			t.Fatalf("fail complete: %v", err)
		}

		b := newAsset(t, s, ann, "bad.mp4", models.AssetTypeIDVideo, time.Now())
		failed, err := s.FailAsset(ctx, b.ID, "This file is not a video.", models.ErrorKeyInvalidMedia)
		if err != nil || failed.State != models.AssetStateError || failed.ErrorMessage != "This file is not a video." || failed.ErrorKey != models.ErrorKeyInvalidMedia {
			t.Fatalf("fail = %+v, %v", failed, err)
		}
		if _, err := s.CompleteAsset(ctx, b.ID, res, time.Now()); !errors.Is(err, models.ErrInvalidState) {
			t.Fatalf("complete failed asset: %v", err)
		}
		if _, err := s.MarkAssetProcessing(ctx, 999999); !errors.Is(err, models.ErrNotFound) {
			t.Fatalf("missing asset: %v", err)
		}
	})
}

func TestConfirmFileUploadOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		ctx := context.Background()
		s := db.Store
		ann := newAccount(t, s, "ann@example.com").PublisherID
		bo := newAccount(t, s, "bo@example.com").PublisherID
		now := time.Now().UTC()
		u := models.FileUpload{ID: "upl_abc", PublisherID: ann, Name: "clip.mp4", ContentType: "video/mp4", Extension: ".mp4",
			DeclaredSize: 100, ObjectKey: models.UploadKey(ann, "upl_abc", ".mp4"), CreatedAt: now, ExpiresAt: now.Add(time.Hour)}
		if err := s.CreateFileUpload(ctx, u); err != nil {
			t.Fatal(err)
		}
		if _, err := s.FileUpload(ctx, bo, u.ID, now); !errors.Is(err, models.ErrNotFound) {
			t.Fatalf("bo reads ann's upload: %v", err)
		}
		if _, err := s.FileUpload(ctx, ann, u.ID, now.Add(2*time.Hour)); !errors.Is(err, models.ErrNotFound) {
			t.Fatalf("expired upload: %v", err)
		}
		got, err := s.FileUpload(ctx, ann, u.ID, now)
		if err != nil {
			t.Fatal(err)
		}
		asset := func() models.Asset {
			return models.Asset{PublisherID: ann, Name: got.Name, TypeID: models.AssetTypeIDVideo, Source: models.AssetSourceInternal,
				State: models.AssetStatePending, OriginalKey: got.ObjectKey, Size: 100}
		}
		// Two confirmations at once make one asset.
		var wg sync.WaitGroup
		results := make([]models.Asset, 4)
		createdCount := make([]bool, 4)
		errs := make([]error, 4)
		for i := range results {
			wg.Add(1)
			go func() {
				defer wg.Done()
				results[i], createdCount[i], errs[i] = s.ConfirmFileUpload(ctx, got, asset())
			}()
		}
		wg.Wait()
		created := 0
		for i := range results {
			if errs[i] != nil {
				t.Fatalf("confirm %d: %v", i, errs[i])
			}
			if results[i].ID != results[0].ID {
				t.Fatalf("confirmations made assets %d and %d", results[0].ID, results[i].ID)
			}
			if createdCount[i] {
				created++
			}
		}
		var n int64
		s.DB().Model(&models.Asset{}).Count(&n)
		if created != 1 || n != 1 {
			t.Fatalf("created flags %d, assets %d; want 1 and 1", created, n)
		}
		// Once the asset is deleted, confirming again finds nothing.
		if _, err := s.DeleteAssets(ctx, ann, []int64{results[0].ID}, time.Now()); err != nil {
			t.Fatal(err)
		}
		if _, _, err := s.ConfirmFileUpload(ctx, got, asset()); !errors.Is(err, models.ErrNotFound) {
			t.Fatalf("confirm after delete: %v", err)
		}
	})
}
