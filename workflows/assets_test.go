package workflows

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/mock"
	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/testsuite"

	"pagecast/activities"
	"pagecast/models"
)

var processed = activities.ProcessAssetResult{TypeID: models.AssetTypeIDVideo, ContentType: "video/mp4", Duration: 2,
	Width: 160, Height: 120, MediaKey: "assets/1/7/media.mp4", PreviewKey: "assets/1/7/preview.mp4", ThumbnailKey: "assets/1/7/thumbnail.jpg"}

// importEnv is a test environment with the asset activities registered and the
// bookkeeping steps recorded.
type importEnv struct {
	*testsuite.TestWorkflowEnvironment
	completed []activities.CompleteAssetImportInput
	failed    []activities.FailAssetImportInput
	cleaned   [][]int64
	deleted   bool // CompleteAssetImport reports the asset deleted meanwhile
}

func newImportEnv(t *testing.T) *importEnv {
	var s testsuite.WorkflowTestSuite
	e := &importEnv{TestWorkflowEnvironment: s.NewTestWorkflowEnvironment()}
	e.RegisterActivity(aa)
	e.OnActivity(aa.CompleteAssetImport, mock.Anything, mock.Anything).Return(
		func(_ context.Context, in activities.CompleteAssetImportInput) (activities.CompleteAssetImportResult, error) {
			e.completed = append(e.completed, in)
			return activities.CompleteAssetImportResult{Deleted: e.deleted}, nil
		}).Maybe()
	e.OnActivity(aa.FailAssetImport, mock.Anything, mock.Anything).Return(
		func(_ context.Context, in activities.FailAssetImportInput) (activities.FailAssetImportResult, error) {
			e.failed = append(e.failed, in)
			return activities.FailAssetImportResult{}, nil
		}).Maybe()
	e.OnActivity(aa.DeleteAssetObjects, mock.Anything, mock.Anything).Return(
		func(_ context.Context, in activities.DeleteAssetObjectsInput) (activities.DeleteAssetObjectsResult, error) {
			e.cleaned = append(e.cleaned, in.AssetIDs)
			return activities.DeleteAssetObjectsResult{Assets: len(in.AssetIDs)}, nil
		}).Maybe()
	return e
}

func (e *importEnv) result(t *testing.T) ImportAssetResult {
	t.Helper()
	if err := e.GetWorkflowError(); err != nil {
		t.Fatal(err)
	}
	var res ImportAssetResult
	if err := e.GetWorkflowResult(&res); err != nil {
		t.Fatal(err)
	}
	return res
}

func TestImportAssetCompletes(t *testing.T) {
	e := newImportEnv(t)
	e.OnActivity(aa.ProcessAsset, mock.Anything, activities.ProcessAssetInput{AssetID: 7}).Return(processed, nil).Once()
	e.ExecuteWorkflow(ImportAsset, ImportAssetInput{AssetID: 7})
	res := e.result(t)
	if res.State != models.AssetStateComplete || len(e.completed) != 1 || e.completed[0].Result != processed || len(e.failed) != 0 {
		t.Fatalf("res %+v, completed %+v, failed %+v", res, e.completed, e.failed)
	}
}

func TestImportAssetRetriesTransientFaults(t *testing.T) {
	e := newImportEnv(t)
	calls := 0
	e.OnActivity(aa.ProcessAsset, mock.Anything, mock.Anything).Return(
		func(context.Context, activities.ProcessAssetInput) (activities.ProcessAssetResult, error) {
			calls++
			if calls < 3 {
				return activities.ProcessAssetResult{}, errors.New("blob get: connection reset by peer")
			}
			return processed, nil
		})
	e.ExecuteWorkflow(ImportAsset, ImportAssetInput{AssetID: 7})
	if res := e.result(t); res.State != models.AssetStateComplete || calls != 3 {
		t.Fatalf("res %+v after %d calls", res, calls)
	}
}

func TestImportAssetGivesUpAfterRetries(t *testing.T) {
	e := newImportEnv(t)
	calls := 0
	e.OnActivity(aa.ProcessAsset, mock.Anything, mock.Anything).Return(
		func(context.Context, activities.ProcessAssetInput) (activities.ProcessAssetResult, error) {
			calls++
			return activities.ProcessAssetResult{}, errors.New("disk full")
		})
	e.ExecuteWorkflow(ImportAsset, ImportAssetInput{AssetID: 7})
	res := e.result(t)
	if res.State != models.AssetStateError || calls != importAttempts || len(e.failed) != 1 ||
		e.failed[0].Key != models.ErrorKeyImportFailed || e.failed[0].Message != activities.MsgImportFailed {
		t.Fatalf("res %+v, calls %d, failed %+v", res, calls, e.failed)
	}
}

func TestImportAssetRefusesBadMediaAtOnce(t *testing.T) {
	e := newImportEnv(t)
	calls := 0
	e.OnActivity(aa.ProcessAsset, mock.Anything, mock.Anything).Return(
		func(context.Context, activities.ProcessAssetInput) (activities.ProcessAssetResult, error) {
			calls++
			return activities.ProcessAssetResult{}, temporal.NewNonRetryableApplicationError(activities.MsgNotMedia, models.ErrorKeyInvalidMedia, nil)
		})
	e.ExecuteWorkflow(ImportAsset, ImportAssetInput{AssetID: 7})
	res := e.result(t)
	if res.State != models.AssetStateError || calls != 1 || len(e.completed) != 0 || len(e.failed) != 1 ||
		e.failed[0] != (activities.FailAssetImportInput{AssetID: 7, Message: activities.MsgNotMedia, Key: models.ErrorKeyInvalidMedia}) {
		t.Fatalf("res %+v, calls %d, failed %+v", res, calls, e.failed)
	}
}

func TestImportAssetFromURL(t *testing.T) {
	e := newImportEnv(t)
	e.OnActivity(aa.FetchAssetSource, mock.Anything, activities.FetchAssetSourceInput{AssetID: 7}).
		Return(activities.FetchAssetSourceResult{Key: "assets/1/7/original.mp4", Size: 10}, nil).Once()
	e.OnActivity(aa.ProcessAsset, mock.Anything, mock.Anything).Return(processed, nil).Once()
	e.ExecuteWorkflow(ImportAsset, ImportAssetInput{AssetID: 7, FromURL: true})
	if res := e.result(t); res.State != models.AssetStateComplete {
		t.Fatalf("res %+v", res)
	}
	e.AssertExpectations(t)
}

func TestImportAssetFromRefusedURL(t *testing.T) {
	e := newImportEnv(t)
	msg := "Media cannot be imported from example.com: it resolves to 127.0.0.1, this server (loopback), which is not allowed."
	e.OnActivity(aa.FetchAssetSource, mock.Anything, mock.Anything).
		Return(activities.FetchAssetSourceResult{}, temporal.NewNonRetryableApplicationError(msg, models.ErrorKeyInvalidMediaURL, nil)).Once()
	e.ExecuteWorkflow(ImportAsset, ImportAssetInput{AssetID: 7, FromURL: true})
	res := e.result(t)
	if res.State != models.AssetStateError || len(e.failed) != 1 || e.failed[0].Key != models.ErrorKeyInvalidMediaURL || e.failed[0].Message != msg {
		t.Fatalf("res %+v, failed %+v", res, e.failed)
	}
	e.AssertNotCalled(t, "ProcessAsset", mock.Anything, mock.Anything)
}

func TestImportAssetDeletedMeanwhileCleansUp(t *testing.T) {
	e := newImportEnv(t)
	e.deleted = true
	e.OnActivity(aa.ProcessAsset, mock.Anything, mock.Anything).Return(processed, nil)
	e.ExecuteWorkflow(ImportAsset, ImportAssetInput{AssetID: 7})
	e.result(t)
	if len(e.cleaned) != 1 || len(e.cleaned[0]) != 1 || e.cleaned[0][0] != 7 {
		t.Fatalf("cleaned %v", e.cleaned)
	}
}

func TestDeleteAssetObjectsRetries(t *testing.T) {
	var s testsuite.WorkflowTestSuite
	env := s.NewTestWorkflowEnvironment()
	env.RegisterActivity(aa)
	calls := 0
	env.OnActivity(aa.DeleteAssetObjects, mock.Anything, activities.DeleteAssetObjectsInput{AssetIDs: []int64{3, 4}}).Return(
		func(context.Context, activities.DeleteAssetObjectsInput) (activities.DeleteAssetObjectsResult, error) {
			calls++
			if calls == 1 {
				return activities.DeleteAssetObjectsResult{}, errors.New("s3: service unavailable")
			}
			return activities.DeleteAssetObjectsResult{Assets: 2}, nil
		})
	env.ExecuteWorkflow(DeleteAssetObjects, activities.DeleteAssetObjectsInput{AssetIDs: []int64{3, 4}})
	var res activities.DeleteAssetObjectsResult
	if err := env.GetWorkflowResult(&res); err != nil || res.Assets != 2 || calls != 2 {
		t.Fatalf("res %+v, calls %d, err %v", res, calls, err)
	}
}

func TestAssetWorkflowIDs(t *testing.T) {
	if got := ImportAssetID(42); got != "ImportAsset:42" {
		t.Fatal(got)
	}
	if got := DeleteAssetObjectsID([]int64{3, 4}); got != "DeleteAssetObjects:3,4" {
		t.Fatal(got)
	}
	many := make([]int64, 100)
	for i := range many {
		many[i] = int64(100000 + i)
	}
	got := DeleteAssetObjectsID(many)
	if len(got) > 120 || !strings.HasPrefix(got, "DeleteAssetObjects:100000,100001,") || got == DeleteAssetObjectsID(many[:99]) {
		t.Fatalf("long id %q", got)
	}
}

func TestSweepAssetObjects(t *testing.T) {
	var s testsuite.WorkflowTestSuite
	env := s.NewTestWorkflowEnvironment()
	env.RegisterActivity(aa)
	env.OnActivity(aa.SweepDeletedAssetObjects, mock.Anything, mock.Anything).Return(activities.DeleteAssetObjectsResult{Assets: 3}, nil).Once()
	env.OnActivity(aa.SweepAbandonedUploads, mock.Anything, mock.Anything).Return(activities.SweepAbandonedUploadsResult{Uploads: 2}, nil).Once()
	env.ExecuteWorkflow(SweepAssetObjects)
	var res SweepAssetObjectsResult
	if err := env.GetWorkflowResult(&res); err != nil || res != (SweepAssetObjectsResult{DeletedAssets: 3, AbandonedUploads: 2}) {
		t.Fatalf("res %+v, err %v", res, err)
	}
}
