// Command rendervideo measures rendering through a running Pagecast, the way a user
// renders: the API, the RenderVideo workflow on Temporal, the worker's activities and
// the object store, where bench/render measures the render engine alone. Each run
// signs up a new account (so nothing is cached), imports stills, a clip and music
// into its media library, and creates from scripts a six-scene and a ten-scene video
// of about a minute with them (burned subtitles, the music ducked under the
// narration). It times PUT render to the video's new content for both, then edits one
// slide of the ten-scene video, waits for its narration and times the re-render. For
// every render it reads the workflow's history from Temporal and prints where the time
// went.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	enumspb "go.temporal.io/api/enums/v1"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/converter"
	"go.temporal.io/sdk/log"

	"pagecast/bench/benchclient"
	"pagecast/bench/benchmedia"
	"pagecast/domain"
	"pagecast/workflows"
)

func main() {
	base := flag.String("url", "http://127.0.0.1:8080", "Pagecast base URL")
	temporal := flag.String("temporal", "127.0.0.1:7233", "Temporal frontend host:port of that Pagecast")
	namespace := flag.String("namespace", "default", "Temporal namespace")
	dir := flag.String("dir", "", "directory for the generated media (default: a new temporary one)")
	runs := flag.Int("runs", 3, "runs, each with a new account; the run of median time is printed")
	flag.Parse()
	if err := run(*base, *temporal, *namespace, *dir, *runs); err != nil {
		fmt.Fprintln(os.Stderr, "rendervideo:", err)
		os.Exit(1)
	}
}

func run(base, hostPort, namespace, dir string, runs int) error {
	if dir == "" {
		d, err := os.MkdirTemp("", "rendervideo-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(d)
		dir = d
	}
	m, err := generate(dir)
	if err != nil {
		return err
	}
	tc, err := client.Dial(client.Options{HostPort: hostPort, Namespace: namespace,
		Logger: log.NewStructuredLogger(slog.New(slog.NewTextHandler(io.Discard, nil)))})
	if err != nil {
		return fmt.Errorf("temporal: %w", err)
	}
	defer tc.Close()

	var six, ten, edit []timing
	var sixSecs, tenSecs float64
	for i := range runs {
		c := benchclient.New(base, time.Minute)
		if err := c.SignUp(); err != nil {
			return fmt.Errorf("sign up: %w", err)
		}
		lib, err := m.importAll(c)
		if err != nil {
			return err
		}
		b := bencher{c: c, tc: tc}
		v6, err := b.create(fmt.Sprintf("Six scenes %d", i+1), script(6, 7), lib, 12)
		if err != nil {
			return err
		}
		t6, err := b.render(v6)
		if err != nil {
			return err
		}
		v10, err := b.create(fmt.Sprintf("Ten scenes %d", i+1), script(10, 4), lib, 20)
		if err != nil {
			return err
		}
		t10, err := b.render(v10)
		if err != nil {
			return err
		}
		if err := b.editScene(v10, 4); err != nil {
			return err
		}
		te, err := b.render(v10)
		if err != nil {
			return err
		}
		sixSecs, tenSecs = b.seconds(v6), b.seconds(v10)
		six, ten, edit = append(six, t6), append(ten, t10), append(edit, te)
		fmt.Printf("run %d: six scenes %.2f s, ten scenes %.2f s, one scene edited %.2f s (%.1f %%)\n",
			i+1, t6.wall.Seconds(), t10.wall.Seconds(), te.wall.Seconds(), 100*te.wall.Seconds()/t10.wall.Seconds())
	}
	report := func(label string, secs float64, ts []timing) timing {
		t := medianTiming(ts)
		fmt.Printf("rendervideo %-28s %5.1f s of video rendered in %5.2f s (%.2fx realtime)\n", label, secs, t.wall.Seconds(), secs/t.wall.Seconds())
		fmt.Printf("rendervideo %-28s %s\n", "", t)
		return t
	}
	fmt.Printf("rendervideo: the run of median time of %d, through the API and the RenderVideo workflow\n", runs)
	report("six scenes, full", sixSecs, six)
	full := report("ten scenes, full", tenSecs, ten)
	e := report("ten scenes, one edited", tenSecs, edit)
	fmt.Printf("rendervideo %-28s %.1f %% of the full render (target <= 15 %%)\n", "re-render", 100*e.wall.Seconds()/full.wall.Seconds())
	return nil
}

// media is the generated input files.
type media struct {
	stills      []string
	clip, music string
}

// generate makes 20 stills, a clip and music as bench/render does.
func generate(dir string) (m media, err error) {
	ctx := context.Background()
	if m.stills, err = benchmedia.Stills(ctx, dir, 20); err != nil {
		return m, err
	}
	if m.clip, err = benchmedia.Clip(ctx, dir); err != nil {
		return m, err
	}
	m.music, err = benchmedia.Music(ctx, dir)
	return m, err
}

// library is a new account's imported media.
type library struct {
	stills      []int64
	clip, music int64
}

// importAll imports every generated file into c's media library, four at a time.
func (m media) importAll(c *benchclient.Client) (library, error) {
	files := append(append([]string{}, m.stills...), m.clip, m.music)
	ids := make([]int64, len(files))
	errs := make([]error, len(files))
	sem := make(chan struct{}, 4)
	var wg sync.WaitGroup
	for i, f := range files {
		mime := "image/jpeg"
		switch filepath.Ext(f) {
		case ".mp4":
			mime = "video/mp4"
		case ".wav":
			mime = "audio/wav"
		}
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			ids[i], errs[i] = c.Import(f, mime)
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return library{}, err
		}
	}
	n := len(m.stills)
	return library{stills: ids[:n], clip: ids[n], music: ids[n+1]}, nil
}

// script is scenes paragraphs of four sentences of about words words each: two
// slides a scene, as a new video has two sentences a slide.
func script(scenes, words int) string {
	pool := strings.Fields("river carries silt from the mountains down to the delta where farmers grow rice " +
		"and fishermen mend their nets in the evening light while children walk home along the dikes " +
		"past old mills that once ground the grain of the whole valley before the railway came")
	var b strings.Builder
	k := 0
	for s := range scenes {
		for j := range 4 {
			var w []string
			for range words {
				w = append(w, pool[k%len(pool)])
				k += 7 // a stride prime to the pool's length: every sentence different
			}
			if j == 0 {
				w[0] = fmt.Sprintf("Part %d:", s+1)
			}
			sentence := strings.Join(w, " ")
			b.WriteString(strings.ToUpper(sentence[:1]) + sentence[1:] + ". ")
		}
		b.WriteString("\n\n")
	}
	return strings.TrimSpace(b.String())
}

// bencher renders one account's videos and reads their workflows' histories.
type bencher struct {
	c  *benchclient.Client
	tc client.Client
}

// video is what the bench reads of GET /api/v2/video/{id}.
type video struct {
	BuildStage int
	BuildStep  string
	BuildError string
	Duration   float64
	Scenes     []struct {
		LayerList []struct {
			LayerID   int64
			AssetList []struct{ AssetID int64 }
		}
	}
}

// create makes a video of text with the first n stills (the clip fourth, as the
// second slide of the second scene) and the music, and waits until it can render.
func (b bencher) create(name, text string, lib library, n int) (int64, error) {
	assets := append([]int64{}, lib.stills[:3]...)
	assets = append(append(assets, lib.clip), lib.stills[3:n-1]...)
	var created struct{ VideoID int64 }
	if err := b.c.Call("POST", "/api/v2/video", map[string]any{"name": name, "text": text, "initialAssets": assets,
		"hardcodeSubtitles": true}, &created); err != nil {
		return 0, err
	}
	id := created.VideoID
	if err := b.c.Call("POST", fmt.Sprintf("/api/v2/video/%d/backgroundAudio", id), map[string]any{"assetId": lib.music, "volume": 25}, nil); err != nil {
		return 0, err
	}
	return id, b.waitRenderable(id)
}

// waitRenderable waits until the video is built, narrated and allowed to render.
func (b bencher) waitRenderable(id int64) error {
	deadline := time.Now().Add(5 * time.Minute)
	for {
		var v video
		if err := b.c.Call("GET", fmt.Sprintf("/api/v2/video/%d", id), nil, &v); err != nil {
			return err
		}
		if v.BuildStep == "failed" {
			return fmt.Errorf("video %d: build failed: %s", id, v.BuildError)
		}
		var ci struct {
			RenderAllowed bool
			RenderMessage string
		}
		if v.BuildStage == 4 {
			if err := b.c.Call("GET", fmt.Sprintf("/api/v2/video/%d/credits-info", id), nil, &ci); err != nil {
				return err
			}
			if ci.RenderAllowed {
				return nil
			}
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("video %d cannot render after 5 minutes: %s", id, ci.RenderMessage)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// seconds is the video's length.
func (b bencher) seconds(id int64) float64 {
	var v video
	_ = b.c.Call("GET", fmt.Sprintf("/api/v2/video/%d", id), nil, &v)
	return v.Duration
}

// editScene gives the first slide of scene i new words and waits for its narration.
func (b bencher) editScene(id int64, i int) error {
	var v video
	if err := b.c.Call("GET", fmt.Sprintf("/api/v2/video/%d", id), nil, &v); err != nil {
		return err
	}
	if i >= len(v.Scenes) || len(v.Scenes[i].LayerList) == 0 {
		return fmt.Errorf("video %d has no scene %d", id, i+1)
	}
	layer := v.Scenes[i].LayerList[0].LayerID
	if err := b.c.Call("PUT", fmt.Sprintf("/api/v2/layer/%d/text", layer),
		map[string]any{"text": "The weir was rebuilt in stone after the flood. Its keeper still opens the gates by hand."}, nil); err != nil {
		return err
	}
	return b.waitRenderable(id)
}

// render times PUT render to the video's new content and reads the workflow's history.
func (b bencher) render(id int64) (timing, error) {
	status := func() (s struct{ RenderStatus, ContentURL string }, err error) {
		var answer struct {
			Statuses []struct{ RenderStatus, ContentURL string }
		}
		if err := b.c.Call("POST", "/api/v2/video/renderStatus", map[string]any{"videoIds": []int64{id}}, &answer); err != nil {
			return s, err
		}
		if len(answer.Statuses) != 1 {
			return s, fmt.Errorf("renderStatus of video %d: %d answers", id, len(answer.Statuses))
		}
		s = answer.Statuses[0]
		s.ContentURL, _, _ = strings.Cut(s.ContentURL, "?") // the object, not its signature
		return s, nil
	}
	before, err := status()
	if err != nil {
		return timing{}, err
	}
	start := time.Now()
	if err := b.c.Call("PUT", fmt.Sprintf("/api/v2/video/%d/render", id), nil, nil); err != nil {
		return timing{}, err
	}
	for {
		s, err := status()
		if err != nil {
			return timing{}, err
		}
		if s.RenderStatus == domain.RenderStatusError {
			return timing{}, fmt.Errorf("render of video %d failed", id)
		}
		if s.RenderStatus == domain.RenderStatusComplete && s.ContentURL != before.ContentURL {
			break
		}
		if time.Since(start) > 10*time.Minute {
			return timing{}, fmt.Errorf("render of video %d not done in 10 minutes", id)
		}
		time.Sleep(20 * time.Millisecond)
	}
	t := timing{wall: time.Since(start)}
	var d struct{ Attempt int }
	if err := b.c.Call("GET", fmt.Sprintf("/api/v2/video/%d/renderStatusWithDetails", id), nil, &d); err != nil {
		return t, err
	}
	return t, b.history(workflows.RenderVideoID(id, d.Attempt), start, &t)
}

// timing is one render, from PUT render (start) to the new content seen: each step's
// length from its activity's scheduling to its end, as the workflow's history has it.
type timing struct {
	wall                                     time.Duration
	started                                  time.Duration // PUT render to the workflow's start
	plan, scenes, longest, mix, join, finish time.Duration
	rendered, reused                         int
	completed                                time.Duration // PUT render to CompleteRender's end
}

func (t timing) String() string {
	ms := func(d time.Duration) string { return fmt.Sprintf("%.2f", d.Seconds()) }
	return fmt.Sprintf("start %s, plan %s, scenes %s (%d rendered, %d reused, longest %s), mix %s, join %s, complete %s, seen %s s later",
		ms(t.started), ms(t.plan), ms(t.scenes), t.rendered, t.reused, ms(t.longest), ms(t.mix), ms(t.join), ms(t.finish), ms(t.wall-t.completed))
}

// history fills t from the workflow's history.
func (b bencher) history(id string, start time.Time, t *timing) error {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	type act struct {
		name             string
		scheduled, ended time.Time
	}
	acts := map[int64]*act{}
	var firstSeg, lastSeg time.Time
	it := b.tc.GetWorkflowHistory(ctx, id, "", false, enumspb.HISTORY_EVENT_FILTER_TYPE_ALL_EVENT)
	for it.HasNext() {
		e, err := it.Next()
		if err != nil {
			return fmt.Errorf("history of %s: %w", id, err)
		}
		at := e.GetEventTime().AsTime()
		switch e.GetEventType() {
		case enumspb.EVENT_TYPE_WORKFLOW_EXECUTION_STARTED:
			t.started = at.Sub(start)
		case enumspb.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED:
			acts[e.GetEventId()] = &act{name: e.GetActivityTaskScheduledEventAttributes().GetActivityType().GetName(), scheduled: at}
		case enumspb.EVENT_TYPE_ACTIVITY_TASK_COMPLETED:
			attrs := e.GetActivityTaskCompletedEventAttributes()
			a := acts[attrs.GetScheduledEventId()]
			if a == nil {
				continue
			}
			a.ended = at
			d := at.Sub(a.scheduled)
			switch a.name {
			case "PlanRender":
				t.plan = d
			case "RenderSegment":
				var r struct{ Reused bool }
				if err := converter.GetDefaultDataConverter().FromPayloads(attrs.GetResult(), &r); err == nil && r.Reused {
					t.reused++
				} else {
					t.rendered++
				}
				t.longest = max(t.longest, d)
				if firstSeg.IsZero() || a.scheduled.Before(firstSeg) {
					firstSeg = a.scheduled
				}
				if at.After(lastSeg) {
					lastSeg = at
				}
			case "MixRenderAudio":
				t.mix = d
			case "JoinRender":
				t.join = d
			case "CompleteRender":
				t.finish, t.completed = d, at.Sub(start)
			}
		}
	}
	t.scenes = lastSeg.Sub(firstSeg)
	return nil
}

// medianTiming is the run of median wall time.
func medianTiming(ts []timing) timing {
	s := append([]timing(nil), ts...)
	sort.Slice(s, func(i, j int) bool { return s[i].wall < s[j].wall })
	return s[len(s)/2]
}
