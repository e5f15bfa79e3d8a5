package activities

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// acquired is one acquire run in the background.
type acquired struct {
	cores   int
	release func()
	err     error
}

func acquireAsync(s *encodeSlots, ctx context.Context, waited *atomic.Int32) <-chan acquired {
	ch := make(chan acquired, 1)
	go func() {
		n, rel, err := s.acquire(ctx, func() { waited.Add(1) })
		ch <- acquired{n, rel, err}
	}()
	return ch
}

// waitFor polls until s has n segments waiting.
func waitFor(t *testing.T, s *encodeSlots, n int) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		s.mu.Lock()
		got := len(s.waiting)
		s.mu.Unlock()
		if got == n {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d segments waiting, want %d", got, n)
		}
		time.Sleep(time.Millisecond)
	}
}

// busy is 2 cores held by segment A (release gives them back) and segment B waiting
// for one; waited counts the waits.
func busy(t *testing.T) (s *encodeSlots, release func(), b <-chan acquired, waited *atomic.Int32) {
	t.Helper()
	s, waited = newEncodeSlots(2), new(atomic.Int32)
	_, release, _ = s.acquire(context.Background(), nil) // both cores
	b = acquireAsync(s, context.Background(), waited)
	waitFor(t, s, 1)
	return s, release, b, waited
}

func TestEncodeSlotsAloneTakesEveryCore(t *testing.T) {
	s := newEncodeSlots(2)
	var waited atomic.Int32
	n, release, err := s.acquire(context.Background(), func() { waited.Add(1) })
	if err != nil || n != 2 || waited.Load() != 0 {
		t.Fatalf("alone: %d cores, err %v, waited %d; want 2 cores without waiting", n, err, waited.Load())
	}
	release()
	release() // a second release gives nothing back twice
	if s.free != 2 {
		t.Fatalf("after release %d cores free, want 2", s.free)
	}
}

func TestEncodeSlotsWaitingSegmentsShareTheCores(t *testing.T) {
	s, releaseA, b, waited := busy(t)
	ctx := context.Background()
	c := acquireAsync(s, ctx, waited)
	waitFor(t, s, 2)
	releaseA()
	gb, gc := <-b, <-c
	if gb.err != nil || gc.err != nil || gb.cores != 1 || gc.cores != 1 {
		t.Fatalf("B %+v, C %+v: want one core each", gb, gc)
	}
	if waited.Load() != 2 {
		t.Fatalf("wait called %d times, want 2", waited.Load())
	}
	// A segment arriving while both run waits, then gets one core if another is still
	// running, or both once it is alone.
	d := acquireAsync(s, ctx, waited)
	waitFor(t, s, 1)
	gb.release()
	if gd := <-d; gd.cores != 1 {
		t.Fatalf("D got %d cores while C runs, want 1", gd.cores)
	} else {
		gc.release()
		gd.release()
	}
	if s.free != 2 {
		t.Fatalf("%d cores free at the end, want 2", s.free)
	}
}

func TestEncodeSlotsLoneWaiterGetsEveryCore(t *testing.T) {
	// Cores freed while one segment waits all go to it: nobody else needs one.
	_, releaseA, b, _ := busy(t)
	releaseA()
	gb := <-b
	if gb.cores != 2 {
		t.Fatalf("B, the only one waiting, got %d cores, want 2", gb.cores)
	}
	gb.release()
}

func TestEncodeSlotsCancelWhileWaiting(t *testing.T) {
	s := newEncodeSlots(1)
	_, releaseA, _ := s.acquire(context.Background(), nil)
	ctx, cancel := context.WithCancel(context.Background())
	var waited atomic.Int32
	b := acquireAsync(s, ctx, &waited)
	waitFor(t, s, 1)
	cancel()
	if gb := <-b; !errors.Is(gb.err, context.Canceled) || gb.release != nil {
		t.Fatalf("cancelled wait: %+v, want context.Canceled and no release", gb)
	}
	waitFor(t, s, 0)
	releaseA()
	if s.free != 1 {
		t.Fatalf("%d cores free, want 1", s.free)
	}
}

func TestEncodeSlotsNeverMoreEncodersThanCores(t *testing.T) {
	const cores, segments = 2, 40
	s := newEncodeSlots(cores)
	var held, most atomic.Int32
	var wg sync.WaitGroup
	for i := range segments {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ctx := context.Background()
			if i%7 == 3 { // some give up while they wait
				var cancel context.CancelFunc
				ctx, cancel = context.WithTimeout(ctx, time.Duration(i)*100*time.Microsecond)
				defer cancel()
			}
			n, release, err := s.acquire(ctx, nil)
			if err != nil {
				return
			}
			now := held.Add(int32(n))
			for {
				m := most.Load()
				if now <= m || most.CompareAndSwap(m, now) {
					break
				}
			}
			time.Sleep(200 * time.Microsecond)
			held.Add(-int32(n))
			release()
		}()
	}
	wg.Wait()
	if most.Load() > cores || most.Load() < 1 {
		t.Fatalf("at most %d cores held at once, want 1 to %d", most.Load(), cores)
	}
	if s.free != cores || len(s.waiting) != 0 {
		t.Fatalf("at the end %d free and %d waiting, want %d and 0", s.free, len(s.waiting), cores)
	}
}

// TestEncodeSlotsLendOnlyWhatNoSegmentWaitsFor: a core is lent at once when it is free
// and no segment waits; a waiting segment gets a freed core before a borrower; a
// borrower whose context ends gives up without taking a core.
func TestEncodeSlotsLendOnlyWhatNoSegmentWaitsFor(t *testing.T) {
	// A holds one core (B holds the other); nobody waits: A may borrow.
	s := newEncodeSlots(2)
	s.free = 1 // one core held by B
	n, releaseA, _ := s.acquire(context.Background(), nil)
	if n != 1 || s.queued() != 0 {
		t.Fatalf("A: %d cores, %d waiting; want 1 and 0", n, s.queued())
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	lent := make(chan func(), 1)
	go func() {
		rel, err := s.lend(ctx)
		if err != nil {
			t.Error(err)
		}
		lent <- rel
	}()
	// C comes to wait for a core before B gives its back: C gets it, not the lender.
	var waited atomic.Int32
	c := acquireAsync(s, context.Background(), &waited)
	waitFor(t, s, 1)
	s.releaser(1)() // B ends
	got := <-c
	if got.err != nil || got.cores != 1 {
		t.Fatalf("C: %+v, want one core", got)
	}
	select {
	case <-lent:
		t.Fatal("a core was lent while a segment waited for it")
	case <-time.After(50 * time.Millisecond):
	}
	releaseA() // A's own core: nobody waits, so it is lent (to A's second part)
	select {
	case rel := <-lent:
		rel()
	case <-time.After(5 * time.Second):
		t.Fatal("no core lent once one was free and nobody waited")
	}
	got.release()
	if s.free != 2 || len(s.lending) != 0 {
		t.Fatalf("after every release: %d free, %d borrowers; want 2 and 0", s.free, len(s.lending))
	}

	// A borrower that gives up takes nothing.
	_, all, _ := s.acquire(context.Background(), nil)
	short, stop := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { _, err := s.lend(short); done <- err }()
	for s.mu.Lock(); len(s.lending) == 0; s.mu.Lock() {
		s.mu.Unlock()
		time.Sleep(time.Millisecond)
	}
	s.mu.Unlock()
	stop()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Fatalf("given up: %v, want context.Canceled", err)
	}
	all()
	if s.free != 2 || len(s.lending) != 0 {
		t.Fatalf("after the borrower gave up: %d free, %d borrowers; want 2 and 0", s.free, len(s.lending))
	}
}
