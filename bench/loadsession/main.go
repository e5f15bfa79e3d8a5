// Command loadsession measures GET /api/v2/user/validateSession under load: it signs up
// a user on a running Pagecast, then keeps -c connections busy for -d and prints
// requests per second and latency percentiles.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"os"
	"slices"
	"strings"
	"sync"
	"time"
)

func main() {
	base := flag.String("url", "http://127.0.0.1:8080", "Pagecast base URL")
	conc := flag.Int("c", 32, "concurrent connections")
	dur := flag.Duration("d", 10*time.Second, "how long to load")
	label := flag.String("label", "", "label printed with the figures")
	flag.Parse()

	jar, _ := cookiejar.New(nil)
	tr := &http.Transport{MaxIdleConnsPerHost: *conc, MaxConnsPerHost: *conc}
	c := &http.Client{Jar: jar, Transport: tr, Timeout: 10 * time.Second}
	if err := signUp(c, *base); err != nil {
		fmt.Fprintln(os.Stderr, "sign up:", err)
		os.Exit(1)
	}

	url := *base + "/api/v2/user/validateSession"
	var mu sync.Mutex
	var all []time.Duration
	var errors int
	deadline := time.Now().Add(*dur)
	var wg sync.WaitGroup
	start := time.Now()
	for range *conc {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var mine []time.Duration
			bad := 0
			for time.Now().Before(deadline) {
				t0 := time.Now()
				resp, err := c.Get(url)
				if err != nil {
					bad++
					continue
				}
				body, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				if resp.StatusCode != 200 || !strings.Contains(string(body), `"status":true`) {
					bad++
					continue
				}
				mine = append(mine, time.Since(t0))
			}
			mu.Lock()
			all = append(all, mine...)
			errors += bad
			mu.Unlock()
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	slices.Sort(all)
	pct := func(p float64) time.Duration {
		if len(all) == 0 {
			return 0
		}
		return all[int(float64(len(all)-1)*p)]
	}
	fmt.Printf("validateSession %-10s %8.0f req/s  p50 %6.2f ms  p99 %6.2f ms  (%d requests, %d errors, %d connections, %s)\n",
		*label, float64(len(all))/elapsed.Seconds(), ms(pct(0.50)), ms(pct(0.99)), len(all), errors, *conc, *dur)
	if errors > 0 {
		os.Exit(1)
	}
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func signUp(c *http.Client, base string) error {
	resp, err := c.Get(base + "/api/v2/token")
	if err != nil {
		return err
	}
	var tok struct{ Data struct{ Token string } }
	err = json.NewDecoder(resp.Body).Decode(&tok)
	resp.Body.Close()
	if err != nil {
		return err
	}
	email := fmt.Sprintf("bench-%d@example.com", time.Now().UnixNano())
	body := fmt.Sprintf(`{"signupEmail":%q,"signupEmailConfirm":%q,"signupPassword":"bench-password","userCategory":"Business"}`, email, email)
	req, _ := http.NewRequest("POST", base+"/pub/v1/user/register", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-CSRF-Token", tok.Data.Token)
	resp, err = c.Do(req)
	if err != nil {
		return err
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusCreated {
		return fmt.Errorf("register: status %d", resp.StatusCode)
	}
	return nil
}
