package api

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"sync"
	"time"

	"github.com/gin-gonic/gin"
	"golang.org/x/sync/singleflight"
)

// videoAnswers keeps the encoded answer of recently read videos, each with the
// fingerprint of the rows it was built from (store.VideoFingerprint). The editor reads
// a whole video on every change and poll; while the fingerprint is unchanged the
// answer is the same, so one query replaces the six a video takes to load and its
// encoding. Answers are kept at most maxAge, well inside the life of the URLs they
// hold, and at most maxCachedAnswerBytes of them.
type videoAnswers struct {
	mu      sync.Mutex
	m       map[int64]videoAnswer // by video id
	bytes   int                   // of the kept bodies
	flights singleflight.Group
}

type videoAnswer struct {
	publisherID int64
	fingerprint string
	body        []byte
	built       time.Time
}

// maxCachedAnswerBytes bounds the cache's bodies; past it the oldest answers go.
const maxCachedAnswerBytes = 32 << 20

// videoAnswerMaxAge is how long an answer may be served: a quarter of the presigned
// URLs' life (they are reused for half of it), at most 30 s.
func (s *Server) videoAnswerMaxAge() time.Duration {
	return min(30*time.Second, s.cfg.S3.PresignTTL/4)
}

func (a *videoAnswers) get(publisherID, videoID int64, fingerprint string, now time.Time, maxAge time.Duration) []byte {
	a.mu.Lock()
	defer a.mu.Unlock()
	e, found := a.m[videoID]
	if !found || e.publisherID != publisherID || e.fingerprint != fingerprint || now.Sub(e.built) >= maxAge {
		return nil
	}
	return e.body
}

func (a *videoAnswers) put(videoID int64, e videoAnswer) {
	if len(e.body) > maxCachedAnswerBytes/4 {
		return // a video that big is read rarely; it would push out many others
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.m == nil {
		a.m = map[int64]videoAnswer{}
	}
	if old, found := a.m[videoID]; found {
		a.bytes -= len(old.body)
		delete(a.m, videoID)
	}
	for a.bytes+len(e.body) > maxCachedAnswerBytes {
		var oldest int64
		first := true
		for id, o := range a.m {
			if first || o.built.Before(a.m[oldest].built) {
				oldest, first = id, false
			}
		}
		a.bytes -= len(a.m[oldest].body)
		delete(a.m, oldest)
	}
	a.m[videoID] = e
	a.bytes += len(e.body)
}

// writeVideo answers the account's video as it is now: from the cache when its rows
// are unchanged, else built, encoded and kept (concurrent readers of the same new
// state build it once).
func (s *Server) writeVideo(c *gin.Context, publisherID, videoID int64) error {
	ctx := c.Request.Context()
	fp, err := s.store.VideoFingerprint(ctx, publisherID, videoID)
	if err != nil {
		return notFoundAs(err, errVideoNotFound)
	}
	now := time.Now()
	body := s.videoAnswers.get(publisherID, videoID, fp, now, s.videoAnswerMaxAge())
	if body == nil {
		key := fmt.Sprintf("%d/%d/%s", publisherID, videoID, fp)
		v, err, _ := s.videoAnswers.flights.Do(key, func() (any, error) {
			// Not the request's context: other readers may be waiting on this build.
			return s.buildVideoAnswer(context.WithoutCancel(ctx), publisherID, videoID, fp)
		})
		if err != nil {
			return err
		}
		body = v.([]byte)
	}
	c.Data(http.StatusOK, "application/json; charset=utf-8", body)
	return nil
}

// buildVideoAnswer loads and encodes the video's answer and keeps it under
// fingerprint. The rows read may be newer than the fingerprint (an edit landed in
// between): that answer is then kept under a fingerprint no later read will have.
func (s *Server) buildVideoAnswer(ctx context.Context, publisherID, videoID int64, fingerprint string) ([]byte, error) {
	built := time.Now()
	v, err := s.store.Video(ctx, publisherID, videoID)
	if err != nil {
		return nil, notFoundAs(err, errVideoNotFound)
	}
	r, err := s.videoJSON(ctx, v)
	if err != nil {
		return nil, err
	}
	body, err := json.Marshal(gin.H{"data": r})
	if err != nil {
		return nil, fmt.Errorf("encode video %d: %w", videoID, err)
	}
	s.videoAnswers.put(videoID, videoAnswer{publisherID: publisherID, fingerprint: fingerprint, body: body, built: built})
	return body, nil
}
