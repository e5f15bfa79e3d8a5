package store_test

import (
	"context"
	"errors"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"pagecast/domain"
	"pagecast/models"
	"pagecast/store"
	"pagecast/store/storetest"
)

// testCatalogue is a small espeak-ng-like catalogue: three languages, each male and female.
func testCatalogue() []models.Voice {
	return domain.LocalCatalogue(
		[]domain.LocalVoice{{ID: "en-us", Name: "English (America)", Gender: models.GenderMale},
			{ID: "fr-fr", Name: "French (France)", Gender: models.GenderMale},
			{ID: "cy", Name: "Welsh", Gender: models.GenderMale}},
		[]domain.LocalVoice{{ID: "f3", Name: "female3", Gender: models.GenderFemale}})
}

func tagNames(v models.Voice) string {
	var out []string
	for _, t := range v.Tags {
		out = append(out, t.Tag)
	}
	sort.Strings(out)
	return strings.Join(out, ",")
}

func voiceByProviderID(t *testing.T, s *store.Store, id string) models.Voice {
	t.Helper()
	var v models.Voice
	if err := s.DB().Where("provider_voice_id = ?", id).Take(&v).Error; err != nil {
		t.Fatalf("voice %s: %v", id, err)
	}
	v, err := s.Voice(context.Background(), v.ID)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func TestSeedVoices(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		ctx := context.Background()
		s := db.Store
		cat := testCatalogue()
		res, err := s.SeedVoices(ctx, models.VoiceProviderEspeak, cat)
		if err != nil {
			t.Fatal(err)
		}
		if res.Added != 6 || res.Updated != 0 {
			t.Fatalf("first seed = %+v", res)
		}
		v := voiceByProviderID(t, s, "en-us+f3")
		if v.Name != "English (America) – Female" || v.Gender != "female" || v.LanguageCode != "en-US" || !v.IsPublic ||
			!v.IsRecommended || v.Cloned || v.PublisherID != nil || v.Provider != models.VoiceProviderEspeak ||
			tagNames(v) != "America,English,Female" {
			t.Fatalf("seeded voice = %+v", v)
		}
		if cy := voiceByProviderID(t, s, "cy"); cy.IsRecommended || tagNames(cy) != "Male,Welsh" {
			t.Fatalf("welsh = %+v", cy)
		}

		// Seeding again changes nothing.
		if res, err := s.SeedVoices(ctx, models.VoiceProviderEspeak, cat); err != nil || res != (store.SeedResult{}) {
			t.Fatalf("second seed = %+v, %v", res, err)
		}

		// Choices made since (hidden, not recommended, an extra use-case tag) survive a
		// seed that renames the voice and changes its gender.
		if err := s.DB().Model(&models.Voice{}).Where("id = ?", v.ID).
			Updates(map[string]any{"is_public": false, "is_recommended": false}).Error; err != nil {
			t.Fatal(err)
		}
		extra := models.Tag{TagCategoryID: models.TagCategoryVoiceUseCase, Tag: "Narration"}
		if err := s.DB().Create(&extra).Error; err != nil {
			t.Fatal(err)
		}
		if err := s.DB().Create(&models.VoiceTag{VoiceID: v.ID, TagID: extra.ID}).Error; err != nil {
			t.Fatal(err)
		}
		for i := range cat {
			if cat[i].ProviderVoiceID == "en-us+f3" {
				cat[i].Name = "Annie"
				cat[i].Gender = models.GenderMale
				cat[i].Tags[0].Tag = "Male"
			}
		}
		if res, err := s.SeedVoices(ctx, models.VoiceProviderEspeak, cat); err != nil || res != (store.SeedResult{Updated: 1}) {
			t.Fatalf("third seed = %+v, %v", res, err)
		}
		v = voiceByProviderID(t, s, "en-us+f3")
		if v.Name != "Annie" || v.Gender != "male" || v.IsPublic || v.IsRecommended || tagNames(v) != "America,English,Male,Narration" {
			t.Fatalf("reseeded voice = %+v %s", v, tagNames(v))
		}

		// Several processes seeding a new catalogue at once add each voice once.
		more := domain.LocalCatalogue([]domain.LocalVoice{{ID: "de", Name: "German"}, {ID: "it", Name: "Italian"}},
			[]domain.LocalVoice{{ID: "f3", Name: "female3", Gender: models.GenderFemale}})
		var wg sync.WaitGroup
		errs := make(chan error, 4)
		for range 4 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, err := s.SeedVoices(ctx, models.VoiceProviderEspeak, append(append([]models.Voice{}, cat...), more...))
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
		var n int64
		s.DB().Model(&models.Voice{}).Count(&n)
		if n != 10 {
			t.Fatalf("voices after concurrent seeds = %d", n)
		}
		var links int64
		s.DB().Model(&models.VoiceTag{}).Count(&links)
		if links != 4*3+6*2+1 { // English and French have an accent; Welsh, German and Italian do not
			t.Fatalf("voice tags = %d", links)
		}
		tags, err := s.Tags(ctx, []models.TagCategory{models.TagCategoryVoiceGender, models.TagCategoryVoiceLanguage})
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, tg := range tags {
			names = append(names, tg.Tag)
		}
		if strings.Join(names, ",") != "Female,Male,English,French,German,Italian,Welsh" {
			t.Fatalf("tags = %v", names)
		}
	})
}

func newClone(t *testing.T, s *store.Store, pub int64, name string) (models.Voice, error) {
	t.Helper()
	v := models.Voice{Name: name, Provider: models.VoiceProviderElevenLabs, ProviderVoiceID: "el-" + name + "-" + time.Now().Format("150405.000000000"), PublisherID: &pub}
	err := s.CreateClonedVoice(context.Background(), &v, domain.MaxClonedVoices)
	return v, err
}

func TestClonedVoices(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		ctx := context.Background()
		s := db.Store
		if _, err := s.SeedVoices(ctx, models.VoiceProviderEspeak, testCatalogue()); err != nil {
			t.Fatal(err)
		}
		ann := newAccount(t, s, "ann@example.com").PublisherID
		bo := newAccount(t, s, "bo@example.com").PublisherID

		a1, err := newClone(t, s, ann, "first")
		if err != nil {
			t.Fatal(err)
		}
		if !a1.Cloned || a1.ID == 0 || a1.IsPublic {
			t.Fatalf("clone = %+v", a1)
		}
		if _, err := newClone(t, s, ann, "second"); err != nil {
			t.Fatal(err)
		}
		if _, err := newClone(t, s, ann, "third"); !errors.Is(err, models.ErrCloneLimit) {
			t.Fatalf("third clone: %v", err)
		}
		if n, _ := s.CountClonedVoices(ctx, ann); n != 2 {
			t.Fatalf("ann has %d clones", n)
		}

		// Requests at once cannot pass the limit together.
		var wg sync.WaitGroup
		var mu sync.Mutex
		made, refused := 0, 0
		for i := range 5 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, err := newClone(t, s, bo, "race"+string(rune('a'+i)))
				mu.Lock()
				defer mu.Unlock()
				switch {
				case err == nil:
					made++
				case errors.Is(err, models.ErrCloneLimit):
					refused++
				default:
					t.Error(err)
				}
			}()
		}
		wg.Wait()
		if made != 2 || refused != 3 {
			t.Fatalf("concurrent clones: %d made, %d refused", made, refused)
		}

		// Each account sees the catalogue and its own clones only.
		visible := func(pub int64) (catalogue, clones int) {
			vs, err := s.VisibleVoices(ctx, pub)
			if err != nil {
				t.Fatal(err)
			}
			for _, v := range vs {
				if v.Cloned {
					if *v.PublisherID != pub {
						t.Fatalf("account %d sees clone %d of %d", pub, v.ID, *v.PublisherID)
					}
					clones++
				} else {
					catalogue++
					if len(v.Tags) == 0 {
						t.Fatalf("voice %d has no tags", v.ID)
					}
				}
			}
			return catalogue, clones
		}
		if c, k := visible(ann); c != 6 || k != 2 {
			t.Fatalf("ann sees %d catalogue voices and %d clones", c, k)
		}

		// Only the owner deletes a clone, once; catalogue voices cannot be deleted here.
		if _, err := s.DeleteClonedVoice(ctx, bo, a1.ID, time.Now()); !errors.Is(err, models.ErrNotFound) {
			t.Fatalf("bo deletes ann's clone: %v", err)
		}
		cat := voiceByProviderID(t, s, "cy")
		if _, err := s.DeleteClonedVoice(ctx, ann, cat.ID, time.Now()); !errors.Is(err, models.ErrNotFound) {
			t.Fatalf("delete catalogue voice: %v", err)
		}
		got, err := s.DeleteClonedVoice(ctx, ann, a1.ID, time.Now())
		if err != nil || got.DeletedAt == nil || got.ID != a1.ID {
			t.Fatalf("delete = %+v, %v", got, err)
		}
		if _, err := s.DeleteClonedVoice(ctx, ann, a1.ID, time.Now()); !errors.Is(err, models.ErrNotFound) {
			t.Fatalf("delete twice: %v", err)
		}
		if err := s.MarkVoiceProviderDeleted(ctx, a1.ID, time.Now()); err != nil {
			t.Fatal(err)
		}
		if c, k := visible(ann); c != 6 || k != 1 {
			t.Fatalf("after delete ann sees %d and %d", c, k)
		}
		// The freed place can be used again.
		a3, err := newClone(t, s, ann, "third")
		if err != nil {
			t.Fatal(err)
		}
		if err := s.SetVoiceSample(ctx, a3.ID, models.VoiceRecordingKey(a3.ID, 1, ".mp3")); err != nil {
			t.Fatal(err)
		}
		if v, _ := s.Voice(ctx, a3.ID); !strings.HasSuffix(v.SampleKey, "/samples/01.mp3") {
			t.Fatalf("sample key = %q", v.SampleKey)
		}
		if err := s.DiscardClonedVoice(ctx, a3.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Voice(ctx, a3.ID); !errors.Is(err, models.ErrNotFound) {
			t.Fatalf("discarded voice: %v", err)
		}
		// Discarding never touches catalogue voices.
		if err := s.DiscardClonedVoice(ctx, cat.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Voice(ctx, cat.ID); err != nil {
			t.Fatalf("catalogue voice discarded: %v", err)
		}
	})
}
