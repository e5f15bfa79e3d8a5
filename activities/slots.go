package activities

import (
	"context"
	"sync"
)

// encodeSlots hands a worker's cores to the segments it encodes: a token per core, and
// one ffmpeg encoder per token held, so a worker never runs more encoders (each about
// 200 MB) than it has cores. A segment takes one core; it takes every free core too
// when no other segment is waiting for one, so a scene re-rendered alone is encoded in
// parts side by side, and a whole render runs one segment per core.
type encodeSlots struct {
	mu      sync.Mutex
	free    int
	waiting []chan struct{} // segments waiting for a core, first come first served
}

func newEncodeSlots(cores int) *encodeSlots { return &encodeSlots{free: max(1, cores)} }

// acquire waits for a core, calling wait once if it must; it returns how many cores
// the segment holds (its encoder threads) and release, which gives them back.
func (s *encodeSlots) acquire(ctx context.Context, wait func()) (cores int, release func(), err error) {
	s.mu.Lock()
	if s.free == 0 || len(s.waiting) > 0 {
		ready := make(chan struct{})
		s.waiting = append(s.waiting, ready)
		s.mu.Unlock()
		if wait != nil {
			wait()
		}
		select {
		case <-ready: // handed a core by release
		case <-ctx.Done():
			s.mu.Lock()
			select {
			case <-ready: // handed one just now: pass it on
				s.free++
				s.handOut()
			default:
				s.drop(ready)
			}
			s.mu.Unlock()
			return 0, nil, ctx.Err()
		}
		s.mu.Lock()
	} else {
		s.free--
	}
	cores = 1
	if len(s.waiting) == 0 {
		cores += s.free
		s.free = 0
	}
	s.mu.Unlock()
	var once sync.Once
	return cores, func() {
		once.Do(func() {
			s.mu.Lock()
			s.free += cores
			s.handOut()
			s.mu.Unlock()
		})
	}, nil
}

// handOut gives free cores to waiting segments, one each, in order. Called locked.
func (s *encodeSlots) handOut() {
	for s.free > 0 && len(s.waiting) > 0 {
		close(s.waiting[0])
		s.waiting = s.waiting[1:]
		s.free--
	}
}

// drop forgets a waiting segment that gave up. Called locked.
func (s *encodeSlots) drop(ready chan struct{}) {
	for i, w := range s.waiting {
		if w == ready {
			s.waiting = append(s.waiting[:i], s.waiting[i+1:]...)
			return
		}
	}
}
