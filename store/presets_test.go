package store_test

import (
	"context"
	"errors"
	"sync"
	"testing"

	"pagecast/models"
	"pagecast/store"
	"pagecast/store/storetest"
)

func seedKey(s string) *string { return &s }

func testPublicPresets() []models.Preset {
	return []models.Preset{
		{Name: "Wide", SeedKey: seedKey("wide"), Settings: []models.PresetSetting{{Key: models.SettingAspectRatio, Datatype: models.DatatypeString, Value: "16:9"}}},
		{Name: "Tall", SeedKey: seedKey("tall"), Settings: []models.PresetSetting{{Key: models.SettingAspectRatio, Datatype: models.DatatypeString, Value: "9:16"}}},
	}
}

func ownPreset(t *testing.T, s *store.Store, pub int64, name string) models.Preset {
	t.Helper()
	p := models.Preset{PublisherID: &pub, Name: name, Settings: []models.PresetSetting{
		{Key: models.SettingAutoTaglines, Datatype: models.DatatypeBool, Value: "true"},
		{Key: models.SettingPauseBetweenSlides, Datatype: models.DatatypeUint, Value: "1000"},
	}}
	if err := s.CreatePreset(context.Background(), &p, models.MaxPresetsPerAccount); err != nil {
		t.Fatal(err)
	}
	return p
}

func presetNames(ps []models.Preset) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.Name
	}
	return out
}

func TestSeedPresets(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		ctx := context.Background()
		s := db.Store
		res, err := s.SeedPresets(ctx, testPublicPresets())
		if err != nil || res != (store.SeedResult{Added: 2}) {
			t.Fatalf("first seed = %+v, %v", res, err)
		}
		if res, err := s.SeedPresets(ctx, testPublicPresets()); err != nil || res != (store.SeedResult{}) {
			t.Fatalf("second seed = %+v, %v", res, err)
		}
		// A changed definition refreshes the stored preset, keeping its id.
		changed := testPublicPresets()
		changed[1].Name = "Tall (9:16)"
		changed[1].Settings = append(changed[1].Settings, models.PresetSetting{Key: models.SettingHardcodeSubtitles, Datatype: models.DatatypeBool, Value: "true"})
		before, _, err := s.PresetPage(ctx, 0, 0, 10)
		if err != nil {
			t.Fatal(err)
		}
		if res, err := s.SeedPresets(ctx, changed); err != nil || res != (store.SeedResult{Updated: 1}) {
			t.Fatalf("changed seed = %+v, %v", res, err)
		}
		after, total, err := s.PresetPage(ctx, 0, 0, 10)
		if err != nil || total != 2 {
			t.Fatalf("page = %v, %d, %v", after, total, err)
		}
		if after[1].ID != before[1].ID || after[1].Name != "Tall (9:16)" || len(after[1].Settings) != 2 || !after[1].IsPublic || after[1].PublisherID != nil {
			t.Fatalf("refreshed = %+v", after[1])
		}

		// Several API processes seeding at once add each preset once.
		var wg sync.WaitGroup
		errs := make(chan error, 4)
		more := append(changed, models.Preset{Name: "Square-ish", SeedKey: seedKey("third")})
		for range 4 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, err := s.SeedPresets(ctx, more)
				errs <- err
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			if err != nil {
				t.Fatal(err)
			}
		}
		if pub, _, err := s.PresetCounts(ctx, 0); err != nil || pub != 3 {
			t.Fatalf("public presets = %d, %v", pub, err)
		}
	})
}

func TestPresetsAreScopedToTheirAccount(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		ctx := context.Background()
		s := db.Store
		if _, err := s.SeedPresets(ctx, testPublicPresets()); err != nil {
			t.Fatal(err)
		}
		ann := newAccount(t, s, "ann@example.com").PublisherID
		bo := newAccount(t, s, "bo@example.com").PublisherID
		a1 := ownPreset(t, s, ann, "Ann 1")
		ownPreset(t, s, bo, "Bo 1")
		a2 := ownPreset(t, s, ann, "Ann 2")
		if a1.IsPublic || a1.SeedKey != nil || a1.CreatedAt.IsZero() {
			t.Fatalf("created = %+v", a1)
		}

		// Public first in published order, then own presets newest first; Bo's are not seen.
		ps, total, err := s.PresetPage(ctx, ann, 0, 10)
		if err != nil || total != 4 {
			t.Fatalf("ann's page = %v, %d, %v", presetNames(ps), total, err)
		}
		if got := presetNames(ps); len(got) != 4 || got[0] != "Wide" || got[1] != "Tall" || got[2] != "Ann 2" || got[3] != "Ann 1" {
			t.Fatalf("order = %v", got)
		}
		if got, _ := ps[3].Setting(models.SettingPauseBetweenSlides); got.Value != "1000" || got.Datatype != models.DatatypeUint {
			t.Fatalf("settings read back = %+v", ps[3].Settings)
		}
		// Pages from 0; the last page is short; past the end is empty.
		for _, c := range []struct {
			page, size int
			want       []string
		}{{0, 3, []string{"Wide", "Tall", "Ann 2"}}, {1, 3, []string{"Ann 1"}}, {2, 3, nil}, {1, 1, []string{"Tall"}}} {
			ps, total, err := s.PresetPage(ctx, ann, c.page, c.size)
			if err != nil || total != 4 || len(ps) != len(c.want) {
				t.Fatalf("page %d/%d = %v, %d, %v", c.page, c.size, presetNames(ps), total, err)
			}
			for i := range ps {
				if ps[i].Name != c.want[i] {
					t.Fatalf("page %d/%d = %v, want %v", c.page, c.size, presetNames(ps), c.want)
				}
			}
		}
		if pub, own, err := s.PresetCounts(ctx, ann); err != nil || pub != 2 || own != 2 {
			t.Fatalf("ann's counts = %d, %d, %v", pub, own, err)
		}

		// Bo can neither read nor delete Ann's preset; nobody deletes a public one.
		if _, err := s.Preset(ctx, bo, a1.ID); !errors.Is(err, models.ErrNotFound) {
			t.Fatalf("bo reads ann's preset: %v", err)
		}
		if _, err := s.DeletePreset(ctx, bo, a1.ID); !errors.Is(err, models.ErrNotFound) {
			t.Fatalf("bo deletes ann's preset: %v", err)
		}
		if _, err := s.DeletePreset(ctx, ann, ps[0].ID); !errors.Is(err, models.ErrForbidden) {
			t.Fatalf("ann deletes a public preset: %v", err)
		}
		if _, err := s.Preset(ctx, bo, ps[0].ID); err != nil {
			t.Fatalf("bo reads a public preset: %v", err)
		}
		got, err := s.DeletePreset(ctx, ann, a2.ID)
		if err != nil || got.Name != "Ann 2" {
			t.Fatalf("delete = %+v, %v", got, err)
		}
		if _, err := s.Preset(ctx, ann, a2.ID); !errors.Is(err, models.ErrNotFound) {
			t.Fatalf("deleted preset read: %v", err)
		}
		if _, err := s.DeletePreset(ctx, ann, a2.ID); !errors.Is(err, models.ErrNotFound) {
			t.Fatalf("second delete: %v", err)
		}
		if _, own, _ := s.PresetCounts(ctx, bo); own != 1 {
			t.Fatalf("bo's own presets = %d", own)
		}
	})
}

func TestPresetLimit(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		ctx := context.Background()
		s := db.Store
		ann := newAccount(t, s, "ann@example.com").PublisherID
		// Requests at once cannot pass the limit together.
		const limit = 3
		var wg sync.WaitGroup
		results := make(chan error, 6)
		for range 6 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				p := models.Preset{PublisherID: &ann, Name: "p"}
				results <- s.CreatePreset(ctx, &p, limit)
			}()
		}
		wg.Wait()
		close(results)
		created, refused := 0, 0
		for err := range results {
			switch {
			case err == nil:
				created++
			case errors.Is(err, models.ErrPresetLimit):
				refused++
			default:
				t.Fatal(err)
			}
		}
		if created != limit || refused != 3 {
			t.Fatalf("created %d, refused %d", created, refused)
		}
		// A preset without settings stores an empty list, not null.
		ps, _, err := s.PresetPage(ctx, ann, 0, 10)
		if err != nil || len(ps) != limit || ps[0].Settings == nil || len(ps[0].Settings) != 0 {
			t.Fatalf("page = %+v, %v", ps, err)
		}
		if err := s.CreatePreset(ctx, &models.Preset{Name: "x"}, limit); err == nil {
			t.Fatal("a preset without an account was stored")
		}
	})
}
