package workflows

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"

	"pagecast/activities"
	"pagecast/models"
)

// aa is the nil receiver workflows call the asset activities through.
var aa *activities.AssetActivities

// ImportAssetID is the workflow ID of importing asset id.
func ImportAssetID(assetID int64) string {
	return "ImportAsset:" + strconv.FormatInt(assetID, 10)
}

// DeleteAssetObjectsID is the workflow ID of removing the objects of deleted assets:
// their ids, or for long lists the first ones and a hash of all.
func DeleteAssetObjectsID(assetIDs []int64) string {
	parts := make([]string, len(assetIDs))
	for i, id := range assetIDs {
		parts[i] = strconv.FormatInt(id, 10)
	}
	all := strings.Join(parts, ",")
	if len(all) <= 200 {
		return "DeleteAssetObjects:" + all
	}
	sum := sha256.Sum256([]byte(all))
	return "DeleteAssetObjects:" + strings.Join(parts[:10], ",") + ",+" + hex.EncodeToString(sum[:8])
}

// ImportAssetInput names the asset to import.
type ImportAssetInput struct {
	AssetID int64
	// FromURL is set for URL imports: the workflow fetches the source first.
	FromURL bool
}

// ImportAssetResult is how the import ended.
type ImportAssetResult struct {
	State   models.AssetState
	Message string
}

// Timeouts of the import's activities. Long steps heartbeat, so a dead worker is
// noticed within importHeartbeat and the step restarts on another.
const (
	importHeartbeat = 30 * time.Second
	fetchTimeout    = 20 * time.Minute
	processTimeout  = 3 * time.Hour
	importAttempts  = 6
)

// ImportAsset imports an uploaded or URL-submitted asset: fetch (URL imports),
// process (probe, thumbnail, preview, normalise, store), then record the result.
// The asset moves pending -> processing -> complete, or to error with the reason
// kept and its objects deleted. Transient faults are retried; bad media is not.
// Objects are written under keys derived from the asset, so retries overwrite.
func ImportAsset(ctx workflow.Context, in ImportAssetInput) (ImportAssetResult, error) {
	retry := &temporal.RetryPolicy{InitialInterval: 2 * time.Second, BackoffCoefficient: 2, MaximumInterval: 2 * time.Minute, MaximumAttempts: importAttempts}
	if in.FromURL {
		fctx := workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
			StartToCloseTimeout: fetchTimeout, HeartbeatTimeout: importHeartbeat, RetryPolicy: retry,
		})
		var fr activities.FetchAssetSourceResult
		if err := workflow.ExecuteActivity(fctx, aa.FetchAssetSource, activities.FetchAssetSourceInput{AssetID: in.AssetID}).Get(ctx, &fr); err != nil {
			return failImport(ctx, in, err)
		}
		if fr.Deleted {
			return deletedDuringImport(ctx, in)
		}
	}
	pctx := workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: processTimeout, HeartbeatTimeout: importHeartbeat, RetryPolicy: retry,
	})
	var pr activities.ProcessAssetResult
	if err := workflow.ExecuteActivity(pctx, aa.ProcessAsset, activities.ProcessAssetInput{AssetID: in.AssetID}).Get(ctx, &pr); err != nil {
		return failImport(ctx, in, err)
	}
	if pr.Deleted {
		return deletedDuringImport(ctx, in)
	}
	var cr activities.CompleteAssetImportResult
	err := workflow.ExecuteActivity(bookkeeping(ctx), aa.CompleteAssetImport, activities.CompleteAssetImportInput{AssetID: in.AssetID, Result: pr}).Get(ctx, &cr)
	if err != nil {
		return failImport(ctx, in, err)
	}
	if cr.Deleted {
		return deletedDuringImport(ctx, in)
	}
	return ImportAssetResult{State: models.AssetStateComplete}, nil
}

// bookkeeping is the options of short database and object-store steps that must
// happen eventually: retried for a day.
func bookkeeping(ctx workflow.Context) workflow.Context {
	return workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		// Short: these are single database writes, and one in flight on a worker that
		// dies is tried again only after this limit.
		StartToCloseTimeout: 15 * time.Second, ScheduleToCloseTimeout: 24 * time.Hour,
		RetryPolicy: &temporal.RetryPolicy{InitialInterval: time.Second, BackoffCoefficient: 2, MaximumInterval: 5 * time.Minute},
	})
}

// failImport ends the import in error: bad media keeps its own message and key,
// anything else (retries exhausted) gets a generic one.
func failImport(ctx workflow.Context, in ImportAssetInput, err error) (ImportAssetResult, error) {
	msg, key := activities.MsgImportFailed, models.ErrorKeyImportFailed
	var appErr *temporal.ApplicationError
	if errors.As(err, &appErr) {
		switch appErr.Type() {
		case "AssetStateChanged":
			// The asset is gone or its import already ended elsewhere: nothing to record.
			return ImportAssetResult{Message: appErr.Message()}, nil
		case models.ErrorKeyInvalidMedia, models.ErrorKeyInvalidMediaURL, models.ErrorKeyImportFailed:
			msg, key = appErr.Message(), appErr.Type()
		}
	}
	workflow.GetLogger(ctx).Warn("asset import failed", "asset_id", in.AssetID, "key", key, "err", err)
	in2 := activities.FailAssetImportInput{AssetID: in.AssetID, Message: msg, Key: key}
	if ferr := workflow.ExecuteActivity(bookkeeping(ctx), aa.FailAssetImport, in2).Get(ctx, nil); ferr != nil {
		return ImportAssetResult{}, fmt.Errorf("record failed import: %w", ferr)
	}
	return ImportAssetResult{State: models.AssetStateError, Message: msg}, nil
}

// deletedDuringImport removes what the import stored for an asset the user deleted
// while it ran (the delete's own cleanup may have run before these objects existed).
func deletedDuringImport(ctx workflow.Context, in ImportAssetInput) (ImportAssetResult, error) {
	err := workflow.ExecuteActivity(bookkeeping(ctx), aa.DeleteAssetObjects,
		activities.DeleteAssetObjectsInput{AssetIDs: []int64{in.AssetID}}).Get(ctx, nil)
	return ImportAssetResult{Message: "deleted during import"}, err
}

// DeleteAssetObjects removes the objects of soft-deleted assets, retrying for a week.
func DeleteAssetObjects(ctx workflow.Context, in activities.DeleteAssetObjectsInput) (activities.DeleteAssetObjectsResult, error) {
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: 10 * time.Minute, HeartbeatTimeout: time.Minute, ScheduleToCloseTimeout: 7 * 24 * time.Hour,
		RetryPolicy: &temporal.RetryPolicy{InitialInterval: time.Second, BackoffCoefficient: 2, MaximumInterval: 10 * time.Minute},
	})
	var res activities.DeleteAssetObjectsResult
	err := workflow.ExecuteActivity(ctx, aa.DeleteAssetObjects, in).Get(ctx, &res)
	return res, err
}

// SweepAssetObjectsScheduleID names the Temporal Schedule of the sweep.
const SweepAssetObjectsScheduleID = "SweepAssetObjects"

// SweepAssetObjectsResult counts what the sweep removed.
type SweepAssetObjectsResult struct {
	DeletedAssets    int
	AbandonedUploads int
}

// SweepAssetObjects removes what no workflow will: the objects of assets deleted over
// an hour ago whose cleanup never started, and presigned uploads never confirmed. A
// Temporal Schedule runs it hourly.
func SweepAssetObjects(ctx workflow.Context) (SweepAssetObjectsResult, error) {
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{
		StartToCloseTimeout: 30 * time.Minute, HeartbeatTimeout: time.Minute,
		RetryPolicy: &temporal.RetryPolicy{MaximumAttempts: 5},
	})
	var res SweepAssetObjectsResult
	var deleted activities.DeleteAssetObjectsResult
	if err := workflow.ExecuteActivity(ctx, aa.SweepDeletedAssetObjects, activities.SweepDeletedAssetObjectsInput{}).Get(ctx, &deleted); err != nil {
		return res, err
	}
	res.DeletedAssets = deleted.Assets
	var uploads activities.SweepAbandonedUploadsResult
	if err := workflow.ExecuteActivity(ctx, aa.SweepAbandonedUploads, activities.SweepAbandonedUploadsInput{}).Get(ctx, &uploads); err != nil {
		return res, err
	}
	res.AbandonedUploads = uploads.Uploads
	return res, nil
}

// ImportAsset starts importing asset id; starting it again is harmless.
func (s Starter) ImportAsset(ctx context.Context, assetID int64, fromURL bool) error {
	return s.start(ctx, ImportAssetID(assetID), ImportAsset, ImportAssetInput{AssetID: assetID, FromURL: fromURL})
}

// DeleteAssetObjects starts removing the objects of the given deleted assets.
func (s Starter) DeleteAssetObjects(ctx context.Context, assetIDs []int64) error {
	return s.start(ctx, DeleteAssetObjectsID(assetIDs), DeleteAssetObjects, activities.DeleteAssetObjectsInput{AssetIDs: assetIDs})
}
