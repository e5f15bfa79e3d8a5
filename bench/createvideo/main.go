// Command createvideo measures video creation in a running Pagecast: it signs up,
// then, run after run, POSTs a 1,000-word article script to /api/v2/video and polls
// the video every few milliseconds until it is ReadyToRender, noting when each build
// step began. It prints the p50 and p95 seconds from POST to ReadyToRender and the
// median time of each step.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"sort"
	"strings"
	"time"

	"pagecast/bench/benchclient"
)

func main() {
	base := flag.String("url", "http://127.0.0.1:8080", "Pagecast base URL")
	runs := flag.Int("runs", 10, "videos to create")
	words := flag.Int("words", 1000, "words in the article")
	flag.Parse()
	if err := run(*base, *runs, *words); err != nil {
		fmt.Fprintln(os.Stderr, "createvideo:", err)
		os.Exit(1)
	}
}

// steps in the order CreateVideo takes them.
var steps = []string{"splittingText", "matchingMedia", "generatingNarration", "ready"}

func run(base string, runs, words int) error {
	c := benchclient.New(base, time.Minute)
	if err := c.SignUp(); err != nil {
		return fmt.Errorf("sign up: %w", err)
	}
	text := article(words)
	var totals []float64
	perStep := map[string][]float64{}
	var scenes, slides int
	var audio float64
	for i := 0; i < runs; i++ {
		start := time.Now()
		var created struct{ VideoID int64 }
		if err := c.Call("POST", "/api/v2/video", map[string]any{"name": fmt.Sprintf("Bench %d", i), "text": text}, &created); err != nil {
			return err
		}
		began := map[string]time.Time{}
		var v video
		for {
			v = video{}
			if err := c.Call("GET", fmt.Sprintf("/api/v2/video/%d", created.VideoID), nil, &v); err != nil {
				return err
			}
			if _, seen := began[v.BuildStep]; !seen {
				began[v.BuildStep] = time.Now()
			}
			if v.BuildStep == "failed" {
				return fmt.Errorf("video %d failed: %s", created.VideoID, v.BuildError)
			}
			if v.BuildStage == 4 {
				break
			}
			if time.Since(start) > 5*time.Minute {
				return fmt.Errorf("video %d not ready after 5 minutes", created.VideoID)
			}
			time.Sleep(5 * time.Millisecond)
		}
		total := time.Since(start).Seconds()
		totals = append(totals, total)
		prev := start
		for _, s := range steps {
			t, ok := began[s]
			if !ok {
				continue
			}
			if s != steps[0] {
				perStep[previous(s)] = append(perStep[previous(s)], t.Sub(prev).Seconds())
			}
			prev = t
		}
		scenes, slides, audio = len(v.Scenes), 0, v.Duration
		for _, sc := range v.Scenes {
			slides += len(sc.LayerList)
		}
		fmt.Printf("run %2d: %.2f s to ReadyToRender\n", i+1, total)
	}
	fmt.Printf("createvideo: %d runs of a %d-word article (%d scenes, %d slides, %.0f s of narration)\n", runs, words, scenes, slides, audio)
	fmt.Printf("createvideo: POST to ReadyToRender p50 %.2f s, p95 %.2f s\n", pct(totals, 50), pct(totals, 95))
	for _, s := range steps[:len(steps)-1] {
		fmt.Printf("createvideo: step %-20s median %.2f s\n", s, pct(perStep[s], 50))
	}
	return nil
}

func previous(s string) string {
	for i, x := range steps {
		if x == s && i > 0 {
			return steps[i-1]
		}
	}
	return ""
}

type video struct {
	BuildStage int
	BuildStep  string
	BuildError string
	Duration   float64
	Scenes     []struct{ LayerList []json.RawMessage }
}

// pct is the p-th percentile (nearest rank) of xs.
func pct(xs []float64, p float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	i := int(float64(len(s))*p/100+0.5) - 1
	return s[min(max(i, 0), len(s)-1)]
}

// article writes a news-like article of about n words in paragraphs of four
// sentences, from a fixed pool of sentences, the same every time.
func article(n int) string {
	pool := []string{
		"The harbour town of Bergvik has changed more in the last ten years than in the century before.",
		"Fishing boats still leave before dawn, but most of them now carry tourists instead of nets.",
		"The old cannery on the north pier was turned into a market hall in 2019.",
		"Local growers sell apples, smoked fish and rye bread there every Saturday morning.",
		"A ferry connects the town with the outer islands four times a day in summer.",
		"In winter the crossing can take twice as long when the ice forms in the narrow sound.",
		"The council expects eighty thousand visitors this year, a record for the region.",
		"Not everyone is pleased with the growth, and housing prices have doubled since 2015.",
		"Young families say it is hard to find a flat they can afford near the school.",
		"The mayor has promised two hundred new homes on the site of the former rail yard.",
		"Construction is due to start next spring if the budget is approved in March.",
		"Meanwhile the lighthouse museum has extended its opening hours to the evenings.",
		"Guides tell the story of the keepers who lived on the rock for more than a century.",
		"The view from the lamp room reaches the islands of the outer archipelago on clear days.",
		"Birdwatchers come in May, when thousands of eiders gather in the shallow bays.",
		"A new cycle path now follows the coast from the harbour to the southern beaches.",
		"It was built with money from a regional fund for sustainable tourism.",
		"Cafés along the route report that their summer sales rose by a third.",
		"The town's only hotel is fully booked from June to the end of August.",
		"Several residents now rent out rooms, which has eased the shortage a little.",
	}
	var b strings.Builder
	words, k := 0, 0
	for words < n {
		for j := 0; j < 4 && words < n; j++ {
			s := pool[k%len(pool)]
			k++
			b.WriteString(s)
			b.WriteByte(' ')
			words += len(strings.Fields(s))
		}
		b.WriteString("\n\n")
	}
	return strings.TrimSpace(b.String())
}
