// Package worker registers Pagecast's workflows and activities on a task queue.
package worker

import (
	"time"

	"go.temporal.io/sdk/client"
	sdkworker "go.temporal.io/sdk/worker"

	"pagecast/activities"
	"pagecast/workflows"
)

// Options tunes a worker process.
type Options struct {
	TaskQueue string
	// MaxConcurrentActivities bounds parallel activities (narration and render slots).
	MaxConcurrentActivities int
	// StopTimeout is how long Stop lets running activities finish before it cancels
	// them. With none, a stopping worker cancelled a render's scenes at once and its
	// connection closed before it could say so: each waited for its heartbeat timeout
	// before another worker took it.
	StopTimeout time.Duration
}

// Activities are the activity sets a worker runs; each is registered once.
type Activities struct {
	Account   *activities.Activities
	Assets    *activities.AssetActivities
	Videos    *activities.VideoActivities
	Narration *activities.NarrationActivities
	Voiceover *activities.VoiceoverActivities
	Render    *activities.RenderActivities
}

// New returns a worker with every workflow and the activities registered; call Run or
// Start on it.
func New(c client.Client, acts Activities, o Options) sdkworker.Worker {
	w := sdkworker.New(c, o.TaskQueue, sdkworker.Options{
		MaxConcurrentActivityExecutionSize: o.MaxConcurrentActivities,
		WorkerStopTimeout:                  o.StopTimeout,
	})
	Register(w, acts)
	return w
}

// Register puts every workflow and the activities on r (a worker, or a test environment).
func Register(r sdkworker.Registry, acts Activities) {
	r.RegisterWorkflow(workflows.SendVerificationEmail)
	r.RegisterWorkflow(workflows.PurgeExpiredSessions)
	r.RegisterActivity(acts.Account)
	// The media library.
	r.RegisterWorkflow(workflows.ImportAsset)
	r.RegisterWorkflow(workflows.DeleteAssetObjects)
	r.RegisterWorkflow(workflows.SweepAssetObjects)
	r.RegisterWorkflow(workflows.SweepRenderCache)
	r.RegisterActivity(acts.Assets)
	// Videos and their narration.
	r.RegisterWorkflow(workflows.CreateVideo)
	r.RegisterWorkflow(workflows.GenerateSceneAudio)
	r.RegisterWorkflow(workflows.AutomatchVideo) // the editor's automatch
	r.RegisterActivity(acts.Videos)
	r.RegisterActivity(acts.Narration)
	if acts.Voiceover != nil {
		r.RegisterActivity(acts.Voiceover)
	}
	// Rendering.
	r.RegisterWorkflow(workflows.RenderVideo)
	r.RegisterWorkflow(workflows.ReconcileRenders)
	if acts.Render != nil {
		r.RegisterActivity(acts.Render)
	}
}
