package activities_test

import (
	"context"
	"errors"
	"net/url"
	"strings"
	"testing"

	"go.temporal.io/sdk/temporal"

	"pagecast/activities"
	"pagecast/models"
	"pagecast/providers/article"
	"pagecast/store"
	"pagecast/store/storetest"
)

// fakePuller answers one article, or an error, and counts the pulls.
type fakePuller struct {
	art   article.Article
	err   error
	pulls int
}

func (f *fakePuller) Pull(context.Context, string) (article.Article, error) {
	f.pulls++
	return f.art, f.err
}

// guard allows every address but those on private.example.
type guard struct{}

func (guard) CheckURL(_ context.Context, raw string) (*url.URL, error) {
	u, err := url.Parse(raw)
	if err != nil || u.Hostname() == "private.example" {
		return nil, errors.New("refused")
	}
	return u, nil
}

func pageVideo(t *testing.T, s *store.Store, pub int64) models.Video {
	t.Helper()
	v := models.Video{PublisherID: pub, Name: models.DefaultVideoName, PageURL: "https://news.example/bergvik",
		AspectRatio: models.AspectHorizontal, PauseAfterSlideMs: 500, MaxSentencesPerSlide: 2,
		BuildStage: models.BuildPopulatingData, BuildStep: models.StepRetrievingContent}
	if err := s.CreateVideo(t.Context(), &v); err != nil {
		t.Fatal(err)
	}
	return v
}

func TestPullVideoContent(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		ctx := t.Context()
		u, err := db.Store.CreateAccount(ctx, store.NewAccount{Email: "ann@example.com", PasswordHash: "h", Category: models.UserCategoryIndividual})
		if err != nil {
			t.Fatal(err)
		}
		long := strings.Repeat("The harbour was busy all summer long. ", 150) // over the free plan's 7,000
		puller := &fakePuller{art: article.Article{Title: "Bergvik harbour", Description: "A busy summer.", Keywords: []string{"harbour"},
			Body: []article.Block{{Type: "paragraph", Text: "The lighthouse was built in 1872."}, {Type: "paragraph", Text: long}},
			Images: []article.Image{{URL: "https://news.example/a.jpg", Alt: "The lighthouse"}, {URL: "https://private.example/b.jpg"},
				{URL: "https://news.example/c.jpg", Caption: "The harbour"}}}}
		acts := &activities.VideoActivities{Store: db.Store, Articles: puller, URLs: guard{}}
		v := pageVideo(t, db.Store, u.PublisherID)

		res, err := acts.PullVideoContent(ctx, activities.PullVideoContentInput{VideoID: v.ID})
		if err != nil {
			t.Fatal(err)
		}
		got, err := db.Store.VideoForWorkflow(ctx, v.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got.Name != "Bergvik harbour" || got.Description != "A busy summer." || !strings.HasPrefix(got.Text, "The lighthouse was built in 1872.") ||
			len([]rune(got.Text)) > 7000 || len(got.Keywords) != 1 {
			t.Fatalf("video = %q %q %d characters %v", got.Name, got.Description, len([]rune(got.Text)), got.Keywords)
		}
		if len(got.InitialAssets) != 2 || len(res.ImportAssetIDs) != 2 || res.ImportAssetIDs[0] != got.InitialAssets[0] {
			t.Fatalf("pictures = %v, to import %v (the refused address is skipped)", got.InitialAssets, res.ImportAssetIDs)
		}
		pics, err := db.Store.AssetsForVideo(ctx, u.PublisherID, got.InitialAssets)
		if err != nil || pics[0].Name != "a.jpg" || pics[0].Text != "The lighthouse" || pics[1].Text != "The harbour" ||
			pics[0].State != models.AssetStatePending || pics[0].SourceURL != "https://news.example/a.jpg" {
			t.Fatalf("pictures = %+v, %v", pics, err)
		}

		// A retry pulls nothing again and still hands the pending pictures to import.
		again, err := acts.PullVideoContent(ctx, activities.PullVideoContentInput{VideoID: v.ID})
		if err != nil || puller.pulls != 1 || len(again.ImportAssetIDs) != 2 {
			t.Fatalf("retry: %+v, %v, %d pulls", again, err, puller.pulls)
		}
	})
}

func TestPullVideoContentFailures(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		ctx := t.Context()
		u, err := db.Store.CreateAccount(ctx, store.NewAccount{Email: "bo@example.com", PasswordHash: "h", Category: models.UserCategoryIndividual})
		if err != nil {
			t.Fatal(err)
		}
		tests := []struct {
			name  string
			acts  *activities.VideoActivities
			final bool
		}{
			{"no article", &activities.VideoActivities{Store: db.Store, Articles: &fakePuller{err: &article.Error{Kind: article.KindNoArticle, Message: "This page has no article text."}}}, true},
			{"not found", &activities.VideoActivities{Store: db.Store, Articles: &fakePuller{err: &article.Error{Kind: article.KindNotFound, Message: "The page was not found."}}}, true},
			{"unreachable: retried", &activities.VideoActivities{Store: db.Store, Articles: &fakePuller{err: &article.Error{Kind: article.KindUnreachable, Message: "down"}}}, false},
			{"no puller", &activities.VideoActivities{Store: db.Store}, true},
		}
		for _, tt := range tests {
			v := pageVideo(t, db.Store, u.PublisherID)
			_, err := tt.acts.PullVideoContent(ctx, activities.PullVideoContentInput{VideoID: v.ID})
			var app *temporal.ApplicationError
			if err == nil || errors.As(err, &app) && app.NonRetryable() != tt.final || !errors.As(err, &app) && tt.final {
				t.Errorf("%s: err = %v, want final %v", tt.name, err, tt.final)
			}
			if got, _ := db.Store.VideoForWorkflow(ctx, v.ID); got.Text != "" || len(got.InitialAssets) != 0 {
				t.Errorf("%s: content stored after a failed pull: %+v", tt.name, got)
			}
		}
	})
}
