package store_test

import (
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"pagecast/models"
	"pagecast/store"
	"pagecast/store/storetest"
)

func TestScriptThrottle(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		ctx := t.Context()
		st := db.Store
		u, err := st.CreateAccount(ctx, store.NewAccount{Email: "ann@example.com", PasswordHash: "x", Category: models.UserCategoryIndividual})
		if err != nil {
			t.Fatal(err)
		}
		now := time.Now()
		hold := now.Add(2 * time.Minute)
		claimed, until, err := st.ClaimScriptGeneration(ctx, u.ID, now, hold)
		if err != nil || !claimed || !until.Equal(hold.UTC().Truncate(time.Millisecond)) {
			t.Fatalf("first claim = %v %v %v", claimed, until, err)
		}
		// While it runs, no second claim.
		if claimed, until, err := st.ClaimScriptGeneration(ctx, u.ID, now.Add(time.Second), hold.Add(time.Second)); err != nil || claimed || until.Sub(now) < time.Minute {
			t.Fatalf("claim while running = %v %v %v", claimed, until, err)
		}
		// Success: wait 10 s from the end.
		next := now.Add(3 * time.Second).Add(10 * time.Second)
		if err := st.FinishScriptGeneration(ctx, u.ID, hold, next); err != nil {
			t.Fatal(err)
		}
		if claimed, until, _ := st.ClaimScriptGeneration(ctx, u.ID, now.Add(5*time.Second), now.Add(time.Hour)); claimed || !until.Equal(next.UTC().Truncate(time.Millisecond)) {
			t.Fatalf("claim during the wait = %v %v, want until %v", claimed, until, next)
		}
		// After the wait, exactly one of several concurrent claims wins.
		later := next.Add(time.Millisecond)
		var wins atomic.Int32
		var wg sync.WaitGroup
		for i := 0; i < 6; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				ok, _, err := st.ClaimScriptGeneration(ctx, u.ID, later, later.Add(time.Minute))
				if err != nil {
					t.Error(err)
				}
				if ok {
					wins.Add(1)
				}
			}()
		}
		wg.Wait()
		if wins.Load() != 1 {
			t.Fatalf("%d concurrent claims won", wins.Load())
		}
		// A failed generation frees the user at once; a stale finish changes nothing.
		if err := st.FinishScriptGeneration(ctx, u.ID, later.Add(time.Minute), later); err != nil {
			t.Fatal(err)
		}
		if err := st.FinishScriptGeneration(ctx, u.ID, hold, later.Add(time.Hour)); err != nil {
			t.Fatal(err)
		}
		if claimed, _, _ := st.ClaimScriptGeneration(ctx, u.ID, later, later.Add(time.Minute)); !claimed {
			t.Fatal("not free after a failure")
		}
	})
}

func TestSetPlan(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		ctx := t.Context()
		u, err := db.Store.CreateAccount(ctx, store.NewAccount{Email: "bo@example.com", PasswordHash: "x", Category: models.UserCategoryBusiness})
		if err != nil {
			t.Fatal(err)
		}
		p, _ := db.Store.PublisherByID(ctx, u.PublisherID)
		if p.Plan != models.PlanFree {
			t.Fatalf("new account plan = %q", p.Plan)
		}
		if err := db.Store.SetPlan(ctx, u.PublisherID, models.PlanPaid); err != nil {
			t.Fatal(err)
		}
		if p, _ := db.Store.PublisherByID(ctx, u.PublisherID); p.Plan != models.PlanPaid {
			t.Fatalf("plan = %q", p.Plan)
		}
		if err := db.Store.SetPlan(ctx, u.PublisherID, "gold"); err == nil {
			t.Fatal("unknown plan stored")
		}
		if err := db.Store.SetPlan(ctx, 999999, models.PlanPaid); !errors.Is(err, models.ErrNotFound) {
			t.Fatalf("missing account: %v", err)
		}
	})
}
