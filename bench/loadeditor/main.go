// Command loadeditor measures the editor's API under load: it signs up on a running
// Pagecast, creates a video of -scenes scenes and waits until it is built, then keeps -c
// connections busy for -d with a mix of reads of the whole video (GET /api/v2/video/{id})
// and small edits (a slide's tagline), and prints requests per second and latency
// percentiles for each. It prints figures; it asserts none.
package main

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"net/http"
	"os"
	"slices"
	"strings"
	"sync"
	"time"

	"pagecast/bench/benchclient"
)

func main() {
	base := flag.String("url", "http://127.0.0.1:8080", "Pagecast base URL")
	conc := flag.Int("c", 32, "concurrent connections")
	dur := flag.Duration("d", 10*time.Second, "how long to load")
	edits := flag.Float64("edits", 0.1, "share of requests that are edits")
	scenes := flag.Int("scenes", 10, "scenes of the video")
	label := flag.String("label", "", "label printed with the figures")
	flag.Parse()

	c := benchclient.New(*base, 30*time.Second)
	c.HTTP.Transport = &http.Transport{MaxIdleConnsPerHost: *conc, MaxConnsPerHost: *conc}
	if err := c.SignUp(); err != nil {
		fail("sign up", err)
	}
	var paras []string
	for i := range *scenes {
		paras = append(paras, fmt.Sprintf("Scene %d tells how the harbour changed over the years. The boats grew larger and the quay grew longer.", i+1))
	}
	var created struct{ VideoID int64 }
	if err := c.Call("POST", "/api/v2/video", map[string]any{"name": "Editor bench", "text": strings.Join(paras, "\n\n"),
		"canCreateTextSlides": true}, &created); err != nil {
		fail("create video", err)
	}
	path := fmt.Sprintf("/api/v2/video/%d", created.VideoID)
	var layers []int64
	deadline := time.Now().Add(3 * time.Minute)
	for {
		var v struct {
			BuildStage int
			BuildStep  string
			Scenes     []struct{ LayerList []struct{ LayerID int64 } }
		}
		if err := c.Call("GET", path, nil, &v); err != nil {
			fail("get video", err)
		}
		if v.BuildStep == "failed" || time.Now().After(deadline) {
			fail("build", fmt.Errorf("step %s", v.BuildStep))
		}
		if v.BuildStage == 4 {
			for _, sc := range v.Scenes {
				for _, l := range sc.LayerList {
					layers = append(layers, l.LayerID)
				}
			}
			break
		}
		time.Sleep(200 * time.Millisecond)
	}

	type sample struct {
		edit bool
		d    time.Duration
	}
	var mu sync.Mutex
	var all []sample
	errs := 0
	var wg sync.WaitGroup
	start := time.Now()
	stop := start.Add(*dur)
	for w := range *conc {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(w), 7))
			var mine []sample
			bad := 0
			for n := 0; time.Now().Before(stop); n++ {
				edit := rng.Float64() < *edits
				t0 := time.Now()
				var err error
				if edit {
					l := layers[rng.IntN(len(layers))]
					err = c.Call("PUT", fmt.Sprintf("/api/v2/layer/%d/tagline", l), map[string]any{"tagline": fmt.Sprintf("Edit %d-%d", w, n)}, nil)
				} else {
					err = c.Call("GET", path, nil, nil)
				}
				if err != nil {
					bad++
					continue
				}
				mine = append(mine, sample{edit, time.Since(t0)})
			}
			mu.Lock()
			all = append(all, mine...)
			errs += bad
			mu.Unlock()
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	report := func(name string, keep func(sample) bool) {
		var ds []time.Duration
		for _, s := range all {
			if keep(s) {
				ds = append(ds, s.d)
			}
		}
		slices.Sort(ds)
		pct := func(p float64) float64 {
			if len(ds) == 0 {
				return 0
			}
			return float64(ds[int(float64(len(ds)-1)*p)].Microseconds()) / 1000
		}
		fmt.Printf("editor %-10s %-6s %8.0f req/s  p50 %6.2f ms  p99 %6.2f ms  (%d requests)\n",
			*label, name, float64(len(ds))/elapsed.Seconds(), pct(0.5), pct(0.99), len(ds))
	}
	report("reads", func(s sample) bool { return !s.edit })
	report("edits", func(s sample) bool { return s.edit })
	report("all", func(sample) bool { return true })
	fmt.Printf("editor %-10s video of %d scenes and %d slides, %d connections, %s, %d errors\n", *label, *scenes, len(layers), *conc, *dur, errs)
}

func fail(what string, err error) {
	fmt.Fprintln(os.Stderr, what+":", err)
	os.Exit(1)
}
