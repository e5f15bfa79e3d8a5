package api

import (
	"testing"
	"time"

	"pagecast/models"
)

// TestSessionCache: a session is trusted for sessionCacheTTL after the database said
// so, never past its expiry, and ending it or its user's sessions forgets it at once.
func TestSessionCache(t *testing.T) {
	now := time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC)
	ann := models.Session{ID: "a", PublisherUserID: 1, ExpiresAt: now.Add(time.Hour)}
	bo := models.Session{ID: "b", PublisherUserID: 2, ExpiresAt: now.Add(time.Second)}
	var c sessionCache
	if _, ok := c.get("a", now); ok {
		t.Fatal("an empty cache has a session")
	}
	c.put(ann, now)
	c.put(bo, now)
	for _, tc := range []struct {
		name string
		id   string
		at   time.Time
		want bool
	}{
		{"just read", "a", now, true},
		{"within the TTL", "a", now.Add(sessionCacheTTL - time.Millisecond), true},
		{"at the TTL", "a", now.Add(sessionCacheTTL), false},
		{"expired in between", "b", now.Add(time.Second), false},
		{"unknown", "c", now, false},
	} {
		if _, ok := c.get(tc.id, tc.at); ok != tc.want {
			t.Errorf("%s: cached %v, want %v", tc.name, ok, tc.want)
		}
	}
	c.forget("a")
	if _, ok := c.get("a", now); ok {
		t.Error("a forgotten session is still cached")
	}
	c.put(ann, now)
	c.put(models.Session{ID: "a2", PublisherUserID: 1, ExpiresAt: now.Add(time.Hour)}, now)
	c.forgetUser(1)
	for _, id := range []string{"a", "a2"} {
		if _, ok := c.get(id, now); ok {
			t.Errorf("session %s of a forgotten user is still cached", id)
		}
	}
	if _, ok := c.get("b", now); !ok {
		t.Error("another user's session was forgotten")
	}
}
