// Command render measures the render engine of package media on generated input and
// prints figures, never asserting them:
//
//	(a) the encode ceiling: six static 1080p30 stills encoded for 10 s each, frames
//	    from RAM, in one encoder and split like the segments, each with ffmpeg's
//	    default allocator and the worker's settings (media.Tool.Command); the
//	    fastest of the four is the ceiling;
//	(b) a full 60 s six-scene 1080p render (stills with Ken Burns, a clip, taglines,
//	    burned subtitles, narration, ducked music): segments in parallel, then mix and
//	    join, for each split of the cores (1 segment x N threads, N x 1 thread);
//	(c) the realtime speed of (b) as a share of the ceiling's, also measured in pairs
//	    (ceiling, then render, back to back) against the VM's drift; with -explain the
//	    same render without its sound, its text, its Ken Burns or its clip, with none of
//	    the first three, and as six slides (one still per scene), to show what each
//	    feature costs against the ceiling;
//	(d) re-rendering one scene of ten (one segment + mix + join) as % of the full,
//	    and without the mix when only pictures changed;
//	(e) peak RSS of ffmpeg (the largest child), of this process, and of both
//	    together through a full render (every ffmpeg it runs at once, summed);
//	(f) the video's sound alone, with its music (stereo) and without (mono).
//
// With -compare it also times Ken Burns methods and x264 presets on one scene.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"

	"pagecast/bench/benchmedia"
	"pagecast/media"
	"pagecast/providers/tts"
)

func main() {
	dir := flag.String("dir", "", "work directory (default: a temporary one, removed after)")
	preset := flag.String("preset", media.DefaultPreset, "x264 preset")
	runs := flag.Int("runs", 2, "repeats of each timed render; the median is printed")
	compare := flag.Bool("compare", true, "also time Ken Burns methods and presets on one scene")
	explain := flag.Bool("explain", true, "also time the full render without each of its features")
	flag.Parse()
	if err := run(*dir, *preset, *runs, *compare, *explain); err != nil {
		fmt.Fprintln(os.Stderr, "render:", err)
		os.Exit(1)
	}
}

type bench struct {
	tool   media.Tool
	dir    string
	preset string
	canvas media.Canvas
	stills []string
	clip   string
	music  string
	speak  *tts.Espeak

	skipMix bool // re-render keeps the previous mix
	noMusic bool // the mix is the narration alone
	// chunks keeps the encoded stretches of mixes, as the object store does for the
	// worker: a full render starts with an empty one, a re-render uses the last one.
	chunks chunkDir
	// changed is the scene whose narration a re-render changes (-1 none); edits counts
	// the changes, so each is new.
	changed, edits int
	ceilingCPU     time.Duration // of the last ceiling run
}

// chunkDir keeps encoded stretches of mixes in a folder.
type chunkDir string

func (d chunkDir) FetchChunk(_ context.Context, hash, path string) (bool, error) {
	b, err := os.ReadFile(filepath.Join(string(d), hash))
	if os.IsNotExist(err) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return true, os.WriteFile(path, b, 0o644)
}

func (d chunkDir) KeepChunk(_ context.Context, hash, path string) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(string(d), hash), b, 0o644)
}

func run(dir, preset string, runs int, compare, explain bool) error {
	if dir == "" {
		d, err := os.MkdirTemp("", "render-bench-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(d)
		dir = d
	}
	ctx := context.Background()
	b := &bench{dir: dir, preset: preset, canvas: media.Canvas16x9, changed: -1}
	// Text is drawn as the worker draws it: by libass in this process.
	libass, err := media.OpenLibass()
	if err != nil {
		return err
	}
	b.tool.Libass = libass
	cores := runtime.NumCPU()
	fmt.Printf("render bench: %d cores, preset %s, canvas %dx%d@%d, median of %d runs; text drawn by libass in the bench's process\n", cores, preset,
		b.canvas.Width, b.canvas.Height, b.canvas.FPS, runs)
	t0 := time.Now()
	if err := b.generate(ctx); err != nil {
		return fmt.Errorf("generate input: %w", err)
	}
	fmt.Printf("input generated in %.1f s\n\n", time.Since(t0).Seconds())

	// (a) the ceiling, with all cores in one encoder and split like the segments, each
	// as ffmpeg starts by default and with the allocator settings the worker gives it;
	// the fastest of the four is the ceiling.
	fmt.Printf("(a) encode ceiling, the six stills static for 10 s each at 1080p30, frames from RAM:\n")
	var ceiling time.Duration
	var ceilWay ceilingWay
	for _, w := range []ceilingWay{{1, cores, true}, {cores, 1, true}, {1, cores, false}, {cores, 1, false}} {
		d, err := median(runs, func() (time.Duration, error) { return b.ceiling(ctx, w) })
		if err != nil {
			return fmt.Errorf("ceiling: %w", err)
		}
		fmt.Printf("    %d encoder(s) x %d thread(s), %s: %5.2f s = %.2fx realtime (ffmpeg CPU %.2f s)\n",
			w.parallel, w.threads, w, d.Seconds(), 60/d.Seconds(), b.ceilingCPU.Seconds())
		if ceiling == 0 || d < ceiling {
			ceiling, ceilWay = d, w
		}
	}
	fmt.Printf("    fastest: %d encoder(s) x %d thread(s), %s\n", ceilWay.parallel, ceilWay.threads, ceilWay)

	// (b) the full six-scene render for each split of the cores.
	six := b.scenes(6)
	fmt.Printf("\n(b) full render, 60 s, 6 scenes (stills with Ken Burns, 1 clip, taglines, subtitles, narration, ducked music):\n")
	type split struct{ parallel, threads int }
	var best split
	var bestFull time.Duration
	// Only splits a worker runs: it never starts more encoders than it has cores
	// (activities.encodeSlots), each about 200 MB.
	for _, s := range []split{{1, cores}, {cores, 1}} {
		st, err := medianStages(runs, func() (stages, error) { return b.full(ctx, "six", six, s.parallel, s.threads) })
		if err != nil {
			return fmt.Errorf("full render %dx%d: %w", s.parallel, s.threads, err)
		}
		d := st.wall
		fmt.Printf("    %d segment(s) at a time x %d thread(s): %5.2f s = %.2fx realtime (segments %.2f s, with the mix alongside %.2f s; join %.2f s; ffmpeg CPU %.2f s)\n",
			s.parallel, s.threads, d.Seconds(), 60/d.Seconds(), st.segments.Seconds(), st.mix.Seconds(), st.join.Seconds(), st.cpu.Seconds())
		if bestFull == 0 || d < bestFull {
			best, bestFull = s, d
		}
	}
	fmt.Printf("    faster: %d at a time x %d thread(s)\n", best.parallel, best.threads)

	// (c)
	fmt.Printf("\n(c) render speed / ceiling speed: %.2f (%.2fx vs %.2fx realtime)\n",
		ceiling.Seconds()/bestFull.Seconds(), 60/bestFull.Seconds(), 60/ceiling.Seconds())
	// A VM's speed drifts between the runs above: the ceiling and the render run back to
	// back, pair after pair, so a slow spell slows both sides of a ratio.
	var ratios []float64
	for range max(runs, 1) {
		c, err := b.ceiling(ctx, ceilWay)
		if err != nil {
			return fmt.Errorf("ceiling: %w", err)
		}
		st, err := b.full(ctx, "six", six, best.parallel, best.threads)
		if err != nil {
			return fmt.Errorf("full render: %w", err)
		}
		ratios = append(ratios, c.Seconds()/st.wall.Seconds())
	}
	var each []string
	for _, r := range ratios {
		each = append(each, fmt.Sprintf("%.2f", r))
	}
	sort.Float64s(ratios)
	fmt.Printf("    the same, ceiling and render run back to back: median %.2f of %d pairs (%s)\n",
		ratios[(len(ratios)-1)/2], len(ratios), strings.Join(each, ", "))
	if explain {
		if err := b.explain(ctx, six, best.parallel, best.threads, runs, ceiling); err != nil {
			return fmt.Errorf("explain: %w", err)
		}
	}

	// (d) ten scenes; change one and re-render only it.
	ten := b.scenes(10)
	fullSt, err := medianStages(runs, func() (stages, error) { return b.full(ctx, "ten", ten, best.parallel, best.threads) })
	fullTen := fullSt.wall
	if err != nil {
		return fmt.Errorf("ten scenes: %w", err)
	}
	ten[4].Slides[0].Tagline = "A changed headline"
	ten[4].Slides[0].Motion = 3
	re, err := medianStages(runs, func() (stages, error) { return b.rerender(ctx, "ten", ten, 4, cores, true) })
	if err != nil {
		return fmt.Errorf("re-render: %w", err)
	}
	fmt.Printf("\n(d) ten scenes: full %.2f s; re-render after one scene's picture and narration changed %.2f s (segment %.2f with the changed stretches of sound alongside %.2f, join %.2f) = %.1f%% of full\n",
		fullTen.Seconds(), re.wall.Seconds(), re.segments.Seconds(), re.mix.Seconds(), re.join.Seconds(), 100*re.wall.Seconds()/fullTen.Seconds())
	vis, err := medianStages(runs, func() (stages, error) { return b.rerender(ctx, "ten", ten, 4, cores, false) })
	if err != nil {
		return fmt.Errorf("re-render: %w", err)
	}
	fmt.Printf("    the same when only pictures changed and the previous mix is kept: %.2f s (segment %.2f, join %.2f) = %.1f%% of full\n",
		vis.wall.Seconds(), vis.segments.Seconds(), vis.join.Seconds(), 100*vis.wall.Seconds()/fullTen.Seconds())

	// (e) before the comparisons below, whose methods the worker does not use.
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_CHILDREN, &ru); err == nil {
		// A segment given n threads is encoded as n one-thread parts side by side.
		encoders := best.parallel * best.threads
		fmt.Printf("\n(e) peak RSS: largest ffmpeg child %.0f MB (at most %d encoders at once: <= %.0f MB); this process %s\n",
			float64(ru.Maxrss)/1024, encoders, float64(ru.Maxrss)/1024*float64(encoders), selfHWM())
	}
	// What the worker holds at once: this process and every ffmpeg it runs (segments,
	// their rasterisers and the mix alongside), summed, sampled through one more render.
	stop := make(chan struct{})
	peak := make(chan int64)
	go func() {
		var most int64
		tick := time.NewTicker(20 * time.Millisecond)
		defer tick.Stop()
		for {
			most = max(most, treeRSS())
			select {
			case <-stop:
				peak <- most
				return
			case <-tick.C:
			}
		}
	}()
	_, err = b.full(ctx, "six", six, best.parallel, best.threads)
	close(stop)
	most := <-peak
	if err != nil {
		return fmt.Errorf("full render: %w", err)
	}
	fmt.Printf("    this process and the ffmpeg it runs at once, summed (sampled every 20 ms through a full render): %.0f MB at most\n", float64(most)/(1<<20))

	// (f) the sound alone, as the worker mixes a whole video's when nothing is kept.
	fmt.Printf("\n(f) the 60 s video's sound alone, mixed and encoded whole:\n")
	for _, v := range []struct {
		name    string
		noMusic bool
	}{{"narration over ducked music (stereo)", false}, {"narration only, no music (mono)", true}} {
		b.noMusic = v.noMusic
		var cpu time.Duration
		d, err := median(runs, func() (time.Duration, error) {
			store, err := os.MkdirTemp(b.dir, "chunks-")
			if err != nil {
				return 0, err
			}
			b.chunks, b.changed = chunkDir(store), -1
			t, cpu0 := time.Now(), childCPU()
			err = b.mix(ctx, "sound", six)
			cpu = childCPU() - cpu0
			return time.Since(t), err
		})
		b.noMusic = false
		if err != nil {
			return fmt.Errorf("mix: %w", err)
		}
		fmt.Printf("    %-38s %.2f s (ffmpeg CPU %.2f s)\n", v.name, d.Seconds(), cpu.Seconds())
	}

	if compare {
		if err := b.compare(ctx, cores); err != nil {
			return fmt.Errorf("compare: %w", err)
		}
	}
	return nil
}

// explain renders scenes again without each feature (the sound, the text, the Ken
// Burns, the clip, then the first three), and as six slides, one still per scene (the
// video of the first measurement), and prints each one's time, share of the
// ceiling's speed and ffmpeg CPU against the full render's.
func (b *bench) explain(ctx context.Context, scenes []media.SegmentInput, parallel, threads, runs int, ceiling time.Duration) error {
	noText := func(s *media.SegmentInput, _ int) {
		s.Cues = nil
		for k := range s.Slides {
			s.Slides[k].Tagline = ""
		}
	}
	noPans := func(s *media.SegmentInput, _ int) {
		for k := range s.Slides {
			s.Slides[k].KenBurns = false
		}
	}
	noClip := func(s *media.SegmentInput, i int) {
		for k, sl := range s.Slides {
			if sl.Video != "" {
				s.Slides[k] = media.SegmentSlide{DurationMs: sl.DurationMs, Image: b.stills[(2*i+k)%len(b.stills)], KenBurns: true, Motion: 2*i + k}
			}
		}
	}
	oneStill := func(s *media.SegmentInput, i int) {
		ms := 0
		for _, sl := range s.Slides {
			ms += sl.DurationMs
		}
		s.Slides = []media.SegmentSlide{{DurationMs: ms, Image: b.stills[i%len(b.stills)], KenBurns: true, Motion: i, Tagline: s.Slides[0].Tagline}}
	}
	variants := []struct {
		name  string
		sound bool
		edits []func(*media.SegmentInput, int)
	}{
		{"everything (as (b))", true, nil},
		{"without the sound", false, nil},
		{"without text", true, []func(*media.SegmentInput, int){noText}},
		{"without Ken Burns", true, []func(*media.SegmentInput, int){noPans}},
		{"without the clip (a still instead)", true, []func(*media.SegmentInput, int){noClip}},
		{"six slides: one still per scene", true, []func(*media.SegmentInput, int){oneStill}},
		{"pictures only: no sound, text, Ken Burns", false, []func(*media.SegmentInput, int){noText, noPans}},
	}
	fmt.Printf("    where the time goes, the same render %d at a time x %d thread(s):\n", parallel, threads)
	var fullCPU time.Duration
	for _, v := range variants {
		in := make([]media.SegmentInput, len(scenes))
		for i, s := range scenes {
			s.Slides = append([]media.SegmentSlide(nil), s.Slides...)
			for _, edit := range v.edits {
				edit(&s, i)
			}
			in[i] = s
		}
		b.skipMix = !v.sound
		st, err := medianStages(runs, func() (stages, error) { return b.full(ctx, "six", in, parallel, threads) })
		b.skipMix = false
		if err != nil {
			return err
		}
		if fullCPU == 0 {
			fullCPU = st.cpu
		}
		fmt.Printf("      %-40s %5.2f s = %5.2fx realtime, %.2f of the ceiling; ffmpeg CPU %5.2f s (%+.2f)\n", v.name,
			st.wall.Seconds(), 60/st.wall.Seconds(), ceiling.Seconds()/st.wall.Seconds(), st.cpu.Seconds(), (st.cpu - fullCPU).Seconds())
	}
	return nil
}

// selfHWM is this process's peak resident set from /proc.
func selfHWM() string {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return "unknown"
	}
	for _, l := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(l, "VmHWM:"); ok {
			return strings.TrimSpace(v)
		}
	}
	return "unknown"
}

// treeRSS is the resident memory of this process and its children, in bytes.
func treeRSS() int64 {
	pids := []string{"self"}
	tasks, _ := filepath.Glob("/proc/self/task/*/children")
	for _, t := range tasks {
		b, _ := os.ReadFile(t)
		pids = append(pids, strings.Fields(string(b))...)
	}
	var sum int64
	for _, p := range pids {
		b, err := os.ReadFile("/proc/" + p + "/status")
		if err != nil {
			continue // it ended since
		}
		for _, l := range strings.Split(string(b), "\n") {
			if v, ok := strings.CutPrefix(l, "VmRSS:"); ok {
				kb, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
				sum += kb << 10
			}
		}
	}
	return sum
}

// medianStages runs f n times and returns the run of median wall time.
func medianStages(n int, f func() (stages, error)) (stages, error) {
	var all []stages
	for range max(n, 1) {
		st, err := f()
		if err != nil {
			return st, err
		}
		all = append(all, st)
	}
	sort.Slice(all, func(i, j int) bool { return all[i].wall < all[j].wall })
	return all[(len(all)-1)/2], nil
}

func median(n int, f func() (time.Duration, error)) (time.Duration, error) {
	var ds []time.Duration
	for range max(n, 1) {
		d, err := f()
		if err != nil {
			return 0, err
		}
		ds = append(ds, d)
	}
	sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
	return ds[(len(ds)-1)/2], nil
}

func ffmpeg(ctx context.Context, args ...string) error { return runFFmpeg(ctx, plainCommand, args...) }

// plainCommand is ffmpeg as a shell starts it.
func plainCommand(ctx context.Context, args ...string) *exec.Cmd {
	return exec.CommandContext(ctx, "ffmpeg", args...)
}

// runFFmpeg runs the ffmpeg that command makes with args after the common ones.
func runFFmpeg(ctx context.Context, command func(context.Context, ...string) *exec.Cmd, args ...string) error {
	full := append([]string{"-hide_banner", "-nostdin", "-v", "error", "-y"}, args...)
	if out, err := command(ctx, full...).CombinedOutput(); err != nil {
		return fmt.Errorf("ffmpeg %s: %w: %s", strings.Join(args, " "), err, out)
	}
	return nil
}

// generate makes six varied stills larger than the canvas, a 1280x720 clip with
// motion and sound, and a music loop; narration is spoken when first needed.
func (b *bench) generate(ctx context.Context) error {
	var err error
	if b.stills, err = benchmedia.Stills(ctx, b.dir, 6); err != nil {
		return err
	}
	if b.clip, err = benchmedia.Clip(ctx, b.dir); err != nil {
		return err
	}
	if b.music, err = benchmedia.Music(ctx, b.dir); err != nil {
		return err
	}
	espeak, err := tts.NewEspeak("")
	if err != nil {
		return fmt.Errorf("the narration is spoken by espeak-ng: %w", err)
	}
	b.speak = espeak
	return nil
}

// voiceFor is a narration file ms long, spoken by espeak-ng as the worker's default
// voice speaks (cut or padded with silence to ms); each variant says something else.
func (b *bench) voiceFor(ctx context.Context, ms, variant int) (string, error) {
	p := filepath.Join(b.dir, fmt.Sprintf("voice%d-%d.wav", ms, variant))
	if _, err := os.Stat(p); err == nil {
		return p, nil
	}
	text := fmt.Sprintf("Take %d. ", variant+1) + strings.Repeat("The river carries silt from the mountains to the sea, "+
		"and every spring the delta grows a little further. Farmers plant rice where the water slows. ", 1+ms/8000)
	res, err := b.speak.Synthesize(ctx, tts.Request{Text: text, VoiceID: "en-us"})
	if err != nil {
		return "", err
	}
	spoken := p + ".spoken.wav"
	if err := os.WriteFile(spoken, res.Audio, 0o644); err != nil {
		return "", err
	}
	defer os.Remove(spoken)
	return p, ffmpeg(ctx, "-i", spoken, "-af", fmt.Sprintf("apad,atrim=end=%.3f", float64(ms)/1000), p)
}

// scenes is a 60 s video of n scenes: two stills with Ken Burns each (the second
// scene has the clip instead of its second still), a tagline, a cue every 2.5 s.
func (b *bench) scenes(n int) []media.SegmentInput {
	sceneMs := 60000 / n
	var out []media.SegmentInput
	k := 0
	for i := range n {
		half := sceneMs / 2
		s1 := media.SegmentSlide{DurationMs: half, Image: b.stills[k%len(b.stills)], KenBurns: true, Motion: k,
			Tagline: fmt.Sprintf("Scene %d: what the river carries", i+1)}
		k++
		s2 := media.SegmentSlide{DurationMs: sceneMs - half, Image: b.stills[k%len(b.stills)], KenBurns: true, Motion: k}
		k++
		if i == 1 {
			s2 = media.SegmentSlide{DurationMs: sceneMs - half, Video: b.clip}
		}
		var cues []media.Cue
		for at := 0; at < sceneMs; at += 2500 {
			cues = append(cues, media.Cue{StartMs: at, EndMs: min(at+2400, sceneMs),
				Text: fmt.Sprintf("Subtitle %d of scene %d,\nwhich says what the narrator says", at/2500+1, i+1)})
		}
		out = append(out, media.SegmentInput{Canvas: b.canvas, Slides: []media.SegmentSlide{s1, s2}, Cues: cues,
			Style: media.DefaultSubtitleStyle(b.canvas), Preset: b.preset})
	}
	return out
}

// stages times a render: segments (and the mix, running at the same time), then the
// join; wall is the whole.
type stages struct{ segments, mix, join, wall, cpu time.Duration }

// childCPU is the CPU time (user and system) of every child process waited for so far.
func childCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_CHILDREN, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func (b *bench) segPaths(name string, n int) []string {
	var p []string
	for i := range n {
		p = append(p, filepath.Join(b.dir, fmt.Sprintf("%s-seg%02d.mp4", name, i)))
	}
	return p
}

// full renders every segment (parallel at a time, threads each) while the audio is
// mixed (it needs no video), then joins.
func (b *bench) full(ctx context.Context, name string, scenes []media.SegmentInput, parallel, threads int) (stages, error) {
	ins := make([]media.SegmentInput, len(scenes))
	for i, s := range scenes {
		s.Threads = threads
		ins[i] = s
	}
	store, err := os.MkdirTemp(b.dir, "chunks-")
	if err != nil {
		return stages{}, err
	}
	b.chunks, b.changed = chunkDir(store), -1
	return b.withMix(ctx, name, scenes, func() error {
		return b.tool.RenderSegments(ctx, ins, b.dir, b.segPaths(name, len(ins)), parallel)
	})
}

// withMix runs render and the mix at once, then joins; it times each.
func (b *bench) withMix(ctx context.Context, name string, scenes []media.SegmentInput, render func() error) (stages, error) {
	var st stages
	start, cpu0 := time.Now(), childCPU()
	mixErr := make(chan error, 1)
	go func() {
		if b.skipMix {
			mixErr <- nil
			return
		}
		t := time.Now()
		err := b.mix(ctx, name, scenes)
		st.mix = time.Since(t)
		mixErr <- err
	}()
	err := render()
	st.segments = time.Since(start)
	if e := <-mixErr; err == nil {
		err = e
	}
	if err != nil {
		return st, err
	}
	t := time.Now()
	if err := b.tool.JoinSegments(ctx, b.segPaths(name, len(scenes)), filepath.Join(b.dir, name+"-mix.m4a"), b.dir, filepath.Join(b.dir, name+".mp4"), media.Tags{}); err != nil {
		return st, err
	}
	st.join = time.Since(t)
	st.wall = time.Since(start)
	st.cpu = childCPU() - cpu0
	return st, nil
}

// rerender renders scene i alone with every thread while the audio is mixed again
// with scene i's narration changed (the stretches of sound it does not reach are
// reused from the last full render), then joins.
func (b *bench) rerender(ctx context.Context, name string, scenes []media.SegmentInput, i, threads int, remix bool) (stages, error) {
	in := scenes[i]
	in.Threads = threads
	if !remix {
		b.skipMix = true
		defer func() { b.skipMix = false }()
	}
	b.changed = i
	b.edits++
	ms := 0
	for _, sl := range in.Slides {
		ms += sl.DurationMs
	}
	if _, err := b.voiceFor(ctx, ms-300, b.edits); err != nil { // the new narration exists before the clock starts
		return stages{}, err
	}
	return b.withMix(ctx, name, scenes, func() error {
		return b.tool.RenderSegment(ctx, in, b.dir, b.segPaths(name, len(scenes))[i], nil)
	})
}

// mix mixes the narration of every scene (a clip per scene, starting 150 ms in) with
// looped music ducked under it, encoded in stretches cut at the scenes as the worker
// does, reusing the stretches b.chunks has.
func (b *bench) mix(ctx context.Context, name string, scenes []media.SegmentInput) error {
	var narration []media.AudioClip
	var cuts []int
	at := 0
	for i, s := range scenes {
		ms := 0
		for _, sl := range s.Slides {
			ms += sl.DurationMs
		}
		v, err := b.voiceFor(ctx, ms-300, b.variant(i))
		if err != nil {
			return err
		}
		narration = append(narration, media.AudioClip{Path: v, StartMs: at + 150, Volume: 1})
		cuts = append(cuts, at)
		at += ms
	}
	in := media.MixInput{DurationMs: at, FPS: b.canvas.FPS, Narration: narration, Threads: runtime.NumCPU(), LoudnessLUFS: media.NarrationLUFS, // as the worker mixes
		Background: []media.BackgroundAudio{{Path: b.music, Volume: 0.25, Loop: true}}, DuckUnderNarration: true}
	if b.noMusic {
		in.Background, in.DuckUnderNarration = nil, false
	}
	_, err := b.tool.MixAudioChunked(ctx, in, cuts, b.chunks, b.dir, filepath.Join(b.dir, name+"-mix.m4a"))
	return err
}

// variant is which narration scene i has: 0, or the number of the edit that changed it.
func (b *bench) variant(i int) int {
	if i == b.changed {
		return b.edits
	}
	return 0
}

// ceilingWay is how the ceiling is encoded: parallel encoders of threads each, with
// ffmpeg's default environment (plain) or the worker's (media.Tool.Command).
type ceilingWay struct {
	parallel, threads int
	plain             bool
}

func (w ceilingWay) String() string {
	if w.plain {
		return "default allocator"
	}
	return "worker's allocator settings"
}

// ceiling encodes the six stills, each static for 10 s at 1080p30, split over
// w.parallel encoders of w.threads each; frames come from RAM (each still is decoded
// and scaled once, then repeated).
func (b *bench) ceiling(ctx context.Context, w ceilingWay) (time.Duration, error) {
	parallel, threads := w.parallel, w.threads
	per := len(b.stills) / parallel
	errs := make(chan error, parallel)
	t, cpu0 := time.Now(), childCPU()
	defer func() { b.ceilingCPU = childCPU() - cpu0 }()
	for i := range parallel {
		stills := b.stills[i*per : (i+1)*per]
		go func() {
			var args []string
			var g strings.Builder
			for k, s := range stills {
				args = append(args, "-i", s)
				fmt.Fprintf(&g, "[%d:v]scale=%d:%d:force_original_aspect_ratio=increase,crop=%d:%d,format=yuv420p,setsar=1,loop=loop=%d:size=1,setpts=N/(%d*TB)[s%d];",
					k, b.canvas.Width, b.canvas.Height, b.canvas.Width, b.canvas.Height, 10*b.canvas.FPS-1, b.canvas.FPS, k)
			}
			for k := range stills {
				fmt.Fprintf(&g, "[s%d]", k)
			}
			fmt.Fprintf(&g, "concat=n=%d:v=1:a=0,setpts=N/(%d*TB)[v]", len(stills), b.canvas.FPS)
			args = append(args, "-filter_threads", "1", "-filter_complex", g.String(), "-map", "[v]",
				"-frames:v", fmt.Sprint(10*b.canvas.FPS*len(stills)), "-r", fmt.Sprint(b.canvas.FPS), "-c:v", "libx264", "-preset", b.preset,
				"-crf", "23", "-threads", fmt.Sprint(threads), "-f", "mp4", filepath.Join(b.dir, fmt.Sprintf("ceiling%d.mp4", i)))
			command := plainCommand
			if !w.plain {
				command = b.tool.Command
			}
			errs <- runFFmpeg(ctx, command, args...)
		}()
	}
	var first error
	for range parallel {
		if err := <-errs; err != nil && first == nil {
			first = err
		}
	}
	return time.Since(t), first
}

func size(path string) float64 {
	fi, err := os.Stat(path)
	if err != nil {
		return 0
	}
	return float64(fi.Size()) / 1e6
}

// compare times ways of moving a still for 10 s at 1080p30 with every thread, and
// the presets on one full scene.
func (b *bench) compare(ctx context.Context, cores int) error {
	fmt.Printf("\nKen Burns methods, one still for 10 s at 1080p30, %d threads (fps of the whole encode):\n", cores)
	w, h := b.canvas.Width, b.canvas.Height
	methods := []struct{ name, graph string }{
		{"no motion (still looped)", fmt.Sprintf("scale=%d:%d,format=yuv420p,loop=loop=299:size=1,setpts=N/(30*TB)", w, h)},
		{"1 px/frame crop, odd offsets", fmt.Sprintf("scale=%d:%d,format=yuv420p,loop=loop=299:size=1,setpts=N/(30*TB),crop=%d:%d:n:n:exact=1", w+304, h+304, w, h)},
		{"sub-pixel crop (jitters)", fmt.Sprintf("scale=%d:%d,format=yuv420p,loop=loop=299:size=1,setpts=N/(30*TB),crop=%d:%d:n*0.37:n*0.21:exact=1", w+112, h+64, w, h)},
		{"zoompan on a 2x still", fmt.Sprintf("scale=%d:%d,format=yuv420p,zoompan=z='1+0.0005*on':x='iw/2-iw/zoom/2':y='ih/2-ih/zoom/2':d=300:s=%dx%d:fps=30", 2*w, 2*h, w, h)},
		{"per-frame scale + crop", fmt.Sprintf("scale=%d:%d,format=yuv420p,loop=loop=299:size=1,setpts=N/(30*TB),scale=w='%d*(1+0.0005*n)':h=-2:eval=frame,crop=%d:%d,setsar=1", w, h, w, w, h)},
	}
	// The method used: a still prepared twice and cropped at even offsets (diagonal).
	used := media.SegmentInput{Canvas: b.canvas, Preset: b.preset, Threads: cores,
		Slides: []media.SegmentSlide{{DurationMs: 10000, Image: b.stills[1], KenBurns: true, Motion: 4}}}
	out := filepath.Join(b.dir, "kb.mp4")
	t := time.Now()
	if err := b.tool.RenderSegment(ctx, used, b.dir, out, nil); err != nil {
		return err
	}
	d := time.Since(t)
	fmt.Printf("    %-30s %5.2f s = %4.0f fps, %5.1f MB  <- used\n", "2 px/frame, even offsets", d.Seconds(), 300/d.Seconds(), size(out))
	for _, m := range methods {
		t := time.Now()
		err := runFFmpeg(ctx, b.tool.Command, "-i", b.stills[1], "-filter_complex", "[0:v]"+m.graph+"[v]", "-map", "[v]", "-frames:v", "300",
			"-c:v", "libx264", "-preset", b.preset, "-crf", "23", "-threads", fmt.Sprint(cores), "-f", "mp4", out)
		if err != nil {
			return err
		}
		d := time.Since(t)
		fmt.Printf("    %-30s %5.2f s = %4.0f fps, %5.1f MB\n", m.name, d.Seconds(), 300/d.Seconds(), size(out))
	}
	fmt.Printf("\nx264 presets, scene 1 of six (10 s), one segment x %d threads:\n", cores)
	scene := b.scenes(6)[0]
	scene.Threads = cores
	for _, p := range []string{"ultrafast", "superfast", "veryfast"} {
		scene.Preset = p
		out := filepath.Join(b.dir, "preset-"+p+".mp4")
		t := time.Now()
		if err := b.tool.RenderSegment(ctx, scene, b.dir, out, nil); err != nil {
			return err
		}
		d := time.Since(t)
		fmt.Printf("    %-10s %5.2f s = %.2fx realtime, %.1f MB\n", p, d.Seconds(), 10/d.Seconds(), size(out))
	}
	return nil
}
