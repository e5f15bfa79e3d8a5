package activities

import (
	"context"
	"errors"
	"net/url"
	"time"

	"go.temporal.io/sdk/temporal"

	"pagecast/domain"
	"pagecast/models"
	"pagecast/providers/article"
	"pagecast/store"
)

// ArticlePuller fetches a page through the URL guard and extracts its article
// (*article.Puller).
type ArticlePuller interface {
	Pull(ctx context.Context, rawURL string) (article.Article, error)
}

// URLChecker refuses addresses media may not be imported from (*webfetch.Fetcher).
type URLChecker interface {
	CheckURL(ctx context.Context, raw string) (*url.URL, error)
}

// Limits of pulling a video's page.
const (
	pullTimeout     = 45 * time.Second
	maxPagePictures = 10
)

// ErrTypePullFailed is the error type of a page that cannot be pulled.
const ErrTypePullFailed = "PagePullFailed"

// PullVideoContentInput names the video.
type PullVideoContentInput struct {
	VideoID int64
}

// PullVideoContentResult lists the page's pictures to import from their URLs.
type PullVideoContentResult struct {
	ImportAssetIDs []int64
}

// PullVideoContent fills a video created from a page URL alone: it pulls the page's
// article through the URL guard, makes its script (shortened to the plan's limit),
// and stores it with the page's pictures as assets of the account, in one
// transaction. A video with a script is left as it is.
func (a *VideoActivities) PullVideoContent(ctx context.Context, in PullVideoContentInput) (PullVideoContentResult, error) {
	defer heartbeatEvery(ctx, buildHeartbeatEvery, nil)()
	v, err := a.videoFor(ctx, in.VideoID)
	if err != nil || v.Text != "" {
		return a.pendingPictures(ctx, v), err
	}
	if a.Articles == nil {
		return PullVideoContentResult{}, temporal.NewNonRetryableApplicationError(
			"Pulling content from pages is not available on this server.", ErrTypePullFailed, nil)
	}
	pctx, cancel := context.WithTimeout(ctx, pullTimeout)
	defer cancel()
	art, err := a.Articles.Pull(pctx, v.PageURL)
	var pe *article.Error
	if errors.As(err, &pe) && pe.Kind != article.KindUnreachable && pe.Kind != article.KindTimeout {
		return PullVideoContentResult{}, temporal.NewNonRetryableApplicationError(pe.Message, ErrTypePullFailed, err)
	}
	if err != nil {
		return PullVideoContentResult{}, err // a network fault or a slow site: try again
	}
	p, err := a.Store.PublisherByID(ctx, v.PublisherID)
	if err != nil {
		return PullVideoContentResult{}, err
	}
	text, _ := art.Script(0)
	c := store.VideoContent{Name: art.Title, Description: art.Description, Keywords: art.Keywords,
		Text: domain.FitScript(text, domain.ScriptLimit(p))}
	now := time.Now()
	for _, img := range art.Images {
		if len(c.Pictures) == maxPagePictures || a.URLs == nil {
			break
		}
		u, err := a.URLs.CheckURL(ctx, img.URL)
		if err != nil {
			continue // the guard refuses it: no asset that can only fail
		}
		c.Pictures = append(c.Pictures, models.NewPictureImport(v.PublisherID, u, img.Alt, img.Caption, now))
	}
	if v, err = a.Store.SetVideoContent(ctx, v.ID, c, now); err != nil {
		return PullVideoContentResult{}, err
	}
	return a.pendingPictures(ctx, v), nil
}

// pendingPictures lists the video's initial assets still waiting for their import.
func (a *VideoActivities) pendingPictures(ctx context.Context, v models.Video) PullVideoContentResult {
	var res PullVideoContentResult
	if len(v.InitialAssets) == 0 {
		return res
	}
	assets, err := a.Store.AssetsForVideo(ctx, v.PublisherID, v.InitialAssets)
	if err != nil {
		return res
	}
	for _, as := range assets {
		if as.SourceURL != "" && as.State == models.AssetStatePending {
			res.ImportAssetIDs = append(res.ImportAssetIDs, as.ID)
		}
	}
	return res
}
