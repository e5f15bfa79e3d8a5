package activities

import (
	"context"
	"slices"
	"sync"
)

// encodeSlots hands a worker's cores to the segments it encodes: a token per core, and
// one ffmpeg encoder per token held, so a worker never runs more encoders (each about
// 200 MB) than it has cores. A segment takes one core; it takes every free core too
// when no other segment is waiting for one, so a scene re-rendered alone is encoded in
// parts side by side, and a whole render runs one segment per core.
//
// A segment that got one core while no other waited may borrow a second (lend) to
// encode half of itself on: the last segment of a render then does not leave a core
// idle when the one before it ends. Cores are lent only when no segment waits.
type encodeSlots struct {
	mu      sync.Mutex
	free    int
	waiting []chan struct{} // segments waiting for a core, first come first served
	lending []chan struct{} // segments waiting to borrow one, served after them
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
	return cores, s.releaser(cores), nil
}

// releaser gives n cores back, once however often it is called.
func (s *encodeSlots) releaser(n int) func() {
	var once sync.Once
	return func() {
		once.Do(func() {
			s.mu.Lock()
			s.free += n
			s.handOut()
			s.mu.Unlock()
		})
	}
}

// queued is how many segments wait for a core.
func (s *encodeSlots) queued() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.waiting)
}

// lend waits for a core no segment waits for and returns its release; a segment that
// holds a core already borrows it to encode a part of itself on.
func (s *encodeSlots) lend(ctx context.Context) (release func(), err error) {
	s.mu.Lock()
	if s.free > 0 && len(s.waiting) == 0 {
		s.free--
		s.mu.Unlock()
		return s.releaser(1), nil
	}
	ready := make(chan struct{})
	s.lending = append(s.lending, ready)
	s.mu.Unlock()
	select {
	case <-ready:
		return s.releaser(1), nil
	case <-ctx.Done():
		s.mu.Lock()
		defer s.mu.Unlock()
		select {
		case <-ready: // lent one just now: pass it on
			s.free++
			s.handOut()
		default:
			s.lending = slices.DeleteFunc(s.lending, func(c chan struct{}) bool { return c == ready })
		}
		return nil, ctx.Err()
	}
}

// handOut gives free cores to waiting segments, one each, in order, then lends what
// is left. Called locked.
func (s *encodeSlots) handOut() {
	for s.free > 0 && len(s.waiting) > 0 {
		close(s.waiting[0])
		s.waiting = s.waiting[1:]
		s.free--
	}
	for s.free > 0 && len(s.lending) > 0 {
		close(s.lending[0])
		s.lending = s.lending[1:]
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
