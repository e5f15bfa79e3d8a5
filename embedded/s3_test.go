package embedded_test

import (
	"bytes"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"pagecast/embedded"
)

// A PUT whose body stops before its Content-Length (the browser closed, the
// worker was killed) must store nothing: the object keeps its last whole
// version, or stays absent, and answers HEAD and GET as such.
func TestS3CutOffPutStoresNothing(t *testing.T) {
	srv, err := embedded.StartS3(embedded.S3Options{Dir: t.TempDir(), Buckets: []string{"b"}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = srv.Stop() })
	host := strings.TrimPrefix(srv.Endpoint(), "http://")

	whole := bytes.Repeat([]byte("v1"), 4096)
	put(t, srv.Endpoint()+"/b/kept", whole)

	for _, key := range []string{"kept", "absent"} {
		cutOffPut(t, host, "/b/"+key, 1<<20, 256<<10)
	}

	res := do(t, http.MethodHead, srv.Endpoint()+"/b/absent")
	if res.StatusCode != http.StatusNotFound {
		t.Errorf("HEAD of an object only ever cut off: %d, want 404", res.StatusCode)
	}
	res = do(t, http.MethodHead, srv.Endpoint()+"/b/kept")
	if res.StatusCode != http.StatusOK || res.ContentLength != int64(len(whole)) {
		t.Errorf("HEAD of a whole object after a cut-off PUT: %d, %d bytes; want 200, %d", res.StatusCode, res.ContentLength, len(whole))
	}
	res = do(t, http.MethodGet, srv.Endpoint()+"/b/kept")
	got, _ := io.ReadAll(res.Body)
	if !bytes.Equal(got, whole) {
		t.Errorf("GET after a cut-off PUT: %d bytes, want the whole %d", len(got), len(whole))
	}
}

// A slow upload must not hold up other requests: the body arrives before the
// store is touched.
func TestS3SlowPutDoesNotBlockOthers(t *testing.T) {
	srv, err := embedded.StartS3(embedded.S3Options{Dir: t.TempDir(), Buckets: []string{"b"}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = srv.Stop() })
	put(t, srv.Endpoint()+"/b/other", []byte("hello"))

	conn, err := net.Dial("tcp", strings.TrimPrefix(srv.Endpoint(), "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	// Headers and a first part of the body, the rest never comes while we look.
	fmt.Fprintf(conn, "PUT /b/slow HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n%s", strings.Repeat("x", 10))
	time.Sleep(200 * time.Millisecond)

	done := make(chan int, 1)
	go func() {
		res, err := http.Get(srv.Endpoint() + "/b/other")
		if err != nil {
			done <- -1
			return
		}
		res.Body.Close()
		done <- res.StatusCode
	}()
	select {
	case code := <-done:
		if code != http.StatusOK {
			t.Errorf("GET while another upload is slow: %d, want 200", code)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("GET waited for another client's slow upload")
	}
}

func put(t *testing.T, url string, body []byte) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPut, url, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Fatalf("PUT %s: %d", url, res.StatusCode)
	}
}

func do(t *testing.T, method, url string) *http.Response {
	t.Helper()
	req, err := http.NewRequest(method, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { res.Body.Close() })
	return res
}

// cutOffPut sends a PUT announcing size bytes, sends sent of them and closes
// the connection, then waits until the server has seen the close.
func cutOffPut(t *testing.T, host, path string, size, sent int) {
	t.Helper()
	conn, err := net.Dial("tcp", host)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(conn, "PUT %s HTTP/1.1\r\nHost: x\r\nContent-Length: %d\r\n\r\n", path, size)
	if _, err := conn.Write(bytes.Repeat([]byte("z"), sent)); err != nil {
		t.Fatal(err)
	}
	time.Sleep(100 * time.Millisecond)
	conn.Close()
	time.Sleep(300 * time.Millisecond)
}
