// Command importasset measures importing one media file into a running Pagecast the
// way the browser does it: sign up, ask for a presigned URL, PUT the file to the
// object store, confirm, and poll the import status until it is final. While that
// runs it samples the resident memory of the Pagecast process (-pid) and of its
// ffmpeg children, and prints seconds and peaks.
package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"pagecast/bench/benchclient"
)

func main() {
	base := flag.String("url", "http://127.0.0.1:8080", "Pagecast base URL")
	file := flag.String("file", "", "media file to import")
	mime := flag.String("type", "video/mp4", "the file's MIME type")
	pid := flag.Int("pid", 0, "pid of the pagecast process whose memory is sampled")
	label := flag.String("label", "", "label printed with the figures")
	flag.Parse()
	if err := run(*base, *file, *mime, *pid, *label); err != nil {
		fmt.Fprintln(os.Stderr, "importasset:", err)
		os.Exit(1)
	}
}

func run(base, file, mime string, pid int, label string) error {
	st, err := os.Stat(file)
	if err != nil {
		return err
	}
	c := benchclient.New(base, 10*time.Minute)
	if err := c.SignUp(); err != nil {
		return fmt.Errorf("sign up: %w", err)
	}
	// Reset the process's peak RSS so VmHWM covers only this import.
	reset := os.WriteFile(fmt.Sprintf("/proc/%d/clear_refs", pid), []byte("5"), 0)
	before := readStatusKB(pid, "VmRSS")
	s := startSampler(pid)

	t0 := time.Now()
	uploadID, err := c.PutFile(file, mime)
	if err != nil {
		return err
	}
	upload := time.Since(t0)

	t1 := time.Now()
	var asset struct{ AssetID int64 }
	if err := c.Call("POST", "/api/v2/upload/confirmUpload", map[string]any{"fileUploadId": uploadID}, &asset); err != nil {
		return err
	}
	var state string
	var message string
	for {
		var list []struct {
			State        string
			ErrorMessage string
		}
		if err := c.Call("GET", "/api/v2/asset/status?assetIds="+strconv.FormatInt(asset.AssetID, 10), nil, &list); err != nil {
			return err
		}
		if len(list) == 1 && (list[0].State == "complete" || list[0].State == "error") {
			state, message = list[0].State, list[0].ErrorMessage
			break
		}
		if time.Since(t1) > 30*time.Minute {
			return errors.New("import did not finish in 30 minutes")
		}
		time.Sleep(100 * time.Millisecond)
	}
	imported := time.Since(t1)
	peakRSS, peakChild := s.stop()
	hwm := readStatusKB(pid, "VmHWM")
	if state != "complete" {
		return fmt.Errorf("import ended in %s: %s", state, message)
	}
	var a struct {
		Duration float64
		Width    int
		Height   int
	}
	_ = c.Call("GET", "/api/v2/asset/"+strconv.FormatInt(asset.AssetID, 10), nil, &a)
	mb := float64(st.Size()) / (1 << 20)
	fmt.Printf("import    %-10s %.0f MB %s (%.0f s, %dx%d): PUT to store %.2f s, confirm -> complete %.2f s, total %.2f s\n",
		label, mb, filepath.Ext(file), a.Duration, a.Width, a.Height, upload.Seconds(), imported.Seconds(), (upload + imported).Seconds())
	hwmNote := fmt.Sprintf("VmHWM %.0f MB", float64(hwm)/1024)
	if reset != nil {
		hwmNote += " (since start: clear_refs not permitted)"
	}
	fmt.Printf("memory    %-10s pagecast RSS %.0f MB before, peak %.0f MB sampled, %s; largest ffmpeg child %.0f MB\n",
		label, float64(before)/1024, float64(peakRSS)/1024, hwmNote, float64(peakChild)/1024)
	return nil
}

// readStatusKB reads a kB field of /proc/<pid>/status.
func readStatusKB(pid int, field string) int64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(line, field+":") {
			f := strings.Fields(line)
			if len(f) >= 2 {
				n, _ := strconv.ParseInt(f[1], 10, 64)
				return n
			}
		}
	}
	return 0
}

// children lists the pids of a process's children.
func children(pid int) []int {
	tasks, _ := filepath.Glob(fmt.Sprintf("/proc/%d/task/*/children", pid))
	var out []int
	for _, t := range tasks {
		b, _ := os.ReadFile(t)
		for _, f := range strings.Fields(string(b)) {
			if n, err := strconv.Atoi(f); err == nil {
				out = append(out, n)
			}
		}
	}
	return out
}

type sampler struct {
	done      chan struct{}
	wg        sync.WaitGroup
	peak      int64
	peakChild int64
}

func startSampler(pid int) *sampler {
	s := &sampler{done: make(chan struct{})}
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		t := time.NewTicker(50 * time.Millisecond)
		defer t.Stop()
		for {
			s.peak = max(s.peak, readStatusKB(pid, "VmRSS"))
			for _, ch := range children(pid) {
				s.peakChild = max(s.peakChild, readStatusKB(ch, "VmRSS"))
			}
			select {
			case <-s.done:
				return
			case <-t.C:
			}
		}
	}()
	return s
}

func (s *sampler) stop() (peak, peakChild int64) {
	close(s.done)
	s.wg.Wait()
	return s.peak, s.peakChild
}
