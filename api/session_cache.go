package api

import (
	"sync"
	"time"

	"pagecast/models"
)

// sessionCache keeps sessions this process read in the last sessionCacheTTL, so a
// burst of requests (the editor reads a video after every change and while anything is
// pending) checks its session in the database once every two seconds instead of on
// every request. Ending sessions here forgets them at once; a session ended through
// another API process may be honoured here for at most sessionCacheTTL
// (docs/decisions.md, "Sessions under load").
type sessionCache struct {
	mu sync.Mutex
	m  map[string]cachedSession // by session id
}

type cachedSession struct {
	sess    models.Session
	checked time.Time
}

// Bounds of the session cache: how long a database answer is trusted, and how many
// are kept (past it the cache starts over).
const (
	sessionCacheTTL   = 2 * time.Second
	maxCachedSessions = 10000
)

// get is the session id as the database said within sessionCacheTTL, if it has not
// expired since.
func (c *sessionCache) get(id string, now time.Time) (models.Session, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, found := c.m[id]
	if !found || now.Sub(e.checked) >= sessionCacheTTL || !e.sess.ExpiresAt.After(now) {
		return models.Session{}, false
	}
	return e.sess, true
}

func (c *sessionCache) put(sess models.Session, checked time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil || len(c.m) >= maxCachedSessions {
		c.m = map[string]cachedSession{}
	}
	c.m[sess.ID] = cachedSession{sess: sess, checked: checked}
}

// forget drops session id (it ended).
func (c *sessionCache) forget(id string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.m, id)
}

// forgetUser drops every session of a user (their sessions were ended).
func (c *sessionCache) forgetUser(userID int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for id, e := range c.m {
		if e.sess.PublisherUserID == userID {
			delete(c.m, id)
		}
	}
}
