package workflows

import (
	"context"
	"testing"

	"github.com/stretchr/testify/mock"
	"go.temporal.io/sdk/temporal"

	"pagecast/activities"
)

// A video created from a page URL alone pulls the page first and imports its
// pictures while it is built; the build waits for them before it is ready.
func TestCreateVideoPullsItsPage(t *testing.T) {
	e := newVideoEnv(t)
	e.OnActivity(va.PullVideoContent, mock.Anything, mock.Anything).Return(
		func(_ context.Context, in activities.PullVideoContentInput) (activities.PullVideoContentResult, error) {
			e.record("PullVideoContent")
			return activities.PullVideoContentResult{ImportAssetIDs: []int64{41, 42}}, nil
		})
	e.onBuild(activities.CreateVideoLayersResult{SceneIDs: []int64{10}, Slides: 2}, activities.AutomatchVideoResult{})
	e.onNarration(always, current)
	e.ExecuteWorkflow(CreateVideo, CreateVideoInput{VideoID: 1, PublisherID: 7, PullContent: true})
	if res := e.createResult(t); res.Scenes != 1 || res.Error != "" {
		t.Fatalf("result = %+v", res)
	}
	if p, s := e.index("PullVideoContent"), e.index("step:splittingText"); p < 0 || p > s {
		t.Fatalf("the page is pulled before the script is split: %v", e.calls)
	}
	if e.last("ImportAsset") > e.index("FinishVideoBuild") || len(e.imports) != 2 || !e.imports[0].FromURL || !e.imports[1].FromURL {
		t.Fatalf("pictures imported from their URLs before the video is ready: %+v, %v", e.imports, e.calls)
	}
}

// A page that cannot be pulled ends the build with the reason.
func TestCreateVideoPageRefused(t *testing.T) {
	e := newVideoEnv(t)
	e.OnActivity(va.PullVideoContent, mock.Anything, mock.Anything).Return(activities.PullVideoContentResult{},
		temporal.NewNonRetryableApplicationError("The page has no article text to read.", activities.ErrTypePullFailed, nil))
	e.ExecuteWorkflow(CreateVideo, CreateVideoInput{VideoID: 1, PublisherID: 7, PullContent: true})
	res := e.createResult(t)
	if res.Error != "The page has no article text to read." || e.count("CreateVideoLayers") != 0 {
		t.Fatalf("result = %+v, calls %v", res, e.calls)
	}
	if last := e.steps[len(e.steps)-1]; last.Step != "failed" || last.Error != res.Error {
		t.Fatalf("last step = %+v", last)
	}
}
