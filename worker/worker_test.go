package worker_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/mock"
	"go.temporal.io/sdk/testsuite"

	"pagecast/activities"
	"pagecast/models"
	"pagecast/store"
	"pagecast/store/storetest"
	"pagecast/worker"
	"pagecast/workflows"
)

// TestAutomatchVideoRunsOnTheWorker runs the editor's AutomatchVideo workflow as the
// worker registers it, with the real matching activity over the database: a slide
// without media gets the library picture that fits it, the user's pick stays.
func TestAutomatchVideoRunsOnTheWorker(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		ctx, now := t.Context(), time.Now()
		u, err := db.Store.CreateAccount(ctx, store.NewAccount{Email: "ann@example.com", PasswordHash: "h", Category: models.UserCategoryIndividual})
		if err != nil {
			t.Fatal(err)
		}
		asset := func(name, text string) int64 {
			a := models.Asset{PublisherID: u.PublisherID, Name: name, Text: text, TypeID: models.AssetTypeIDImage,
				Source: models.AssetSourceInternal, State: models.AssetStateComplete}
			if err := db.Store.CreateAsset(ctx, &a); err != nil {
				t.Fatal(err)
			}
			return a.ID
		}
		roof, mine := asset("roof.jpg", "solar panels on a roof"), asset("me.jpg", "a portrait")
		v := models.Video{PublisherID: u.PublisherID, Name: "Solar", AspectRatio: models.AspectHorizontal,
			BuildStage: models.BuildReadyToRender, Automatch: []byte(`{"enabled":false,"includeUserMedia":true}`), CreatedAt: now, UpdatedAt: now}
		if err := db.Store.CreateVideo(ctx, &v); err != nil {
			t.Fatal(err)
		}
		full, err := db.Store.CreateScenes(ctx, v.ID, []store.SceneInput{{Layers: []store.LayerInput{
			{Text: "Solar panels on the roof.", Paragraph: 0}, {Text: "Our team.", Paragraph: 1}}}}, now)
		if err != nil {
			t.Fatal(err)
		}
		picked := full.Scenes[0].Layers[1]
		if err := db.Store.DB().Create(&models.LayerAsset{LayerID: picked.ID, AssetID: &mine, Kind: models.LayerAssetMedia, CreatedAt: now}).Error; err != nil {
			t.Fatal(err)
		}

		var suite testsuite.WorkflowTestSuite
		env := suite.NewTestWorkflowEnvironment()
		worker.Register(env, worker.Activities{
			Account: &activities.Activities{}, Assets: &activities.AssetActivities{},
			Videos: &activities.VideoActivities{Store: db.Store}, Narration: &activities.NarrationActivities{},
		})
		env.OnWorkflow(workflows.ImportAsset, mock.Anything, mock.Anything).Return(workflows.ImportAssetResult{}, nil).Maybe()
		env.ExecuteWorkflow(workflows.AutomatchVideo, workflows.AutomatchVideoInput{VideoID: v.ID, PublisherID: u.PublisherID})
		if !env.IsWorkflowCompleted() || env.GetWorkflowError() != nil {
			t.Fatalf("workflow: %v", env.GetWorkflowError())
		}
		var res workflows.AutomatchVideoResult
		if err := env.GetWorkflowResult(&res); err != nil || res.Matched != 1 {
			t.Fatalf("result = %+v %v", res, err)
		}
		got, err := db.Store.VideoForWorkflow(ctx, v.ID)
		if err != nil {
			t.Fatal(err)
		}
		first, second := got.Scenes[0].Layers[0], got.Scenes[0].Layers[1]
		if len(first.Assets) != 1 || *first.Assets[0].AssetID != roof || !first.Assets[0].Automatched {
			t.Fatalf("slide without media = %+v", first.Assets)
		}
		if len(second.Assets) != 1 || *second.Assets[0].AssetID != mine || second.Assets[0].Automatched {
			t.Fatalf("the user's pick = %+v", second.Assets)
		}
	})
}
