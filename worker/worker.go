// Package worker registers Pagecast's workflows and activities on a task queue.
package worker

import (
	"go.temporal.io/sdk/client"
	sdkworker "go.temporal.io/sdk/worker"

	"pagecast/activities"
	"pagecast/workflows"
)

// Options tunes a worker process.
type Options struct {
	TaskQueue string
	// MaxConcurrentActivities bounds parallel activities (render slots later).
	MaxConcurrentActivities int
}

// New returns a worker with every workflow and the activities registered; call Run or
// Start on it.
func New(c client.Client, acts *activities.Activities, assets *activities.AssetActivities, o Options) sdkworker.Worker {
	w := sdkworker.New(c, o.TaskQueue, sdkworker.Options{
		MaxConcurrentActivityExecutionSize: o.MaxConcurrentActivities,
	})
	Register(w, acts, assets)
	return w
}

// Register puts every workflow and the activities on r (a worker, or a test environment).
func Register(r sdkworker.Registry, acts *activities.Activities, assets *activities.AssetActivities) {
	r.RegisterWorkflow(workflows.SendVerificationEmail)
	r.RegisterWorkflow(workflows.PurgeExpiredSessions)
	r.RegisterActivity(acts)
	// The media library.
	r.RegisterWorkflow(workflows.ImportAsset)
	r.RegisterWorkflow(workflows.DeleteAssetObjects)
	r.RegisterWorkflow(workflows.SweepAssetObjects)
	r.RegisterActivity(assets)
}
