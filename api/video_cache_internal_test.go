package api

import (
	"bytes"
	"testing"
	"time"
)

// TestVideoAnswersKeep: an answer is served only to its account, for its fingerprint
// and while young; the cache keeps at most maxCachedAnswerBytes, the oldest going
// first, and does not keep answers too big to be worth it.
func TestVideoAnswersKeep(t *testing.T) {
	now := time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC)
	var a videoAnswers
	body := func(n int) []byte { return bytes.Repeat([]byte("x"), n) }
	a.put(1, videoAnswer{publisherID: 7, fingerprint: "f1", body: body(10), built: now})
	for _, tc := range []struct {
		name        string
		pub         int64
		fingerprint string
		at          time.Time
		want        bool
	}{
		{"same state", 7, "f1", now.Add(time.Second), true},
		{"another account", 8, "f1", now, false},
		{"changed since", 7, "f2", now, false},
		{"too old", 7, "f1", now.Add(time.Minute), false},
	} {
		if got := a.get(tc.pub, 1, tc.fingerprint, tc.at, 30*time.Second) != nil; got != tc.want {
			t.Errorf("%s: served %v, want %v", tc.name, got, tc.want)
		}
	}

	quarter := maxCachedAnswerBytes / 4
	for id := int64(2); id <= 6; id++ {
		a.put(id, videoAnswer{publisherID: 7, fingerprint: "f", body: body(quarter), built: now.Add(time.Duration(id) * time.Second)})
	}
	if a.bytes > maxCachedAnswerBytes {
		t.Fatalf("the cache holds %d bytes, more than %d", a.bytes, maxCachedAnswerBytes)
	}
	if a.get(7, 1, "f1", now.Add(6*time.Second), time.Hour) != nil || a.get(7, 2, "f", now.Add(7*time.Second), time.Hour) != nil {
		t.Error("the oldest answers were kept past the budget")
	}
	if a.get(7, 6, "f", now.Add(7*time.Second), time.Hour) == nil || a.get(7, 3, "f", now.Add(7*time.Second), time.Hour) == nil {
		t.Error("the newest answer was dropped")
	}
	a.put(9, videoAnswer{publisherID: 7, fingerprint: "f", body: body(quarter + 1), built: now})
	if a.get(7, 9, "f", now, time.Hour) != nil {
		t.Error("an answer over a quarter of the budget was kept")
	}
}
