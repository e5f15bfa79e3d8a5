package embedded

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"time"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3afero"
	"github.com/johannesboyne/gofakes3/backend/s3mem"
)

// S3Options configures the in-process S3-compatible server.
type S3Options struct {
	Dir     string   // state directory (buckets/ and metadata/); empty = in-memory
	Addr    string   // listen address, default 127.0.0.1:0
	Buckets []string // created if missing
}

// S3 is a running S3-compatible HTTP server (gofakes3) keeping its objects on
// local disk. It accepts any credentials and path-style requests.
type S3 struct {
	srv      *http.Server
	endpoint string
	done     chan struct{}
	stopOnce sync.Once
	stopErr  error
}

// StartS3 creates the missing buckets and starts serving; it returns once the
// listener is bound.
func StartS3(o S3Options) (*S3, error) {
	if o.Addr == "" {
		o.Addr = "127.0.0.1:0"
	}
	var backend gofakes3.Backend
	if o.Dir == "" {
		backend = s3mem.New()
	} else {
		fs, err := s3afero.FsPath(o.Dir, s3afero.FsPathCreateAll)
		if err != nil {
			return nil, fmt.Errorf("start s3: %w", err)
		}
		disk, err := s3afero.MultiBucket(fs)
		if err != nil {
			return nil, fmt.Errorf("start s3: %w", err)
		}
		if backend, err = wholePuts(disk, filepath.Join(o.Dir, "incoming")); err != nil {
			return nil, fmt.Errorf("start s3: %w", err)
		}
	}
	for _, b := range o.Buckets {
		exists, err := backend.BucketExists(b)
		if err != nil {
			return nil, fmt.Errorf("start s3: bucket %q: %w", b, err)
		}
		if !exists {
			if err := backend.CreateBucket(b); err != nil {
				return nil, fmt.Errorf("start s3: create bucket %q: %w", b, err)
			}
		}
	}
	ln, err := net.Listen("tcp", o.Addr)
	if err != nil {
		return nil, fmt.Errorf("start s3: %w", err)
	}
	s := &S3{
		srv: &http.Server{
			Handler:           gofakes3.New(backend, gofakes3.WithoutVersioning()).Server(),
			ReadHeaderTimeout: 10 * time.Second,
		},
		endpoint: "http://" + dialAddr(ln.Addr().(*net.TCPAddr)),
		done:     make(chan struct{}),
	}
	go func() {
		defer close(s.done)
		_ = s.srv.Serve(ln) // always ErrServerClosed after Stop
	}()
	return s, nil
}

// wholeBodies is a backend that receives each PUT's body in a file of its own before
// handing it on. gofakes3's disk backend writes an object in place while the body
// arrives, under a lock every request takes: a slow upload held up every other
// request, and a body cut off (the browser closed, the process killed) left a partial
// object that answered 500 to every request for it.
type wholeBodies struct {
	gofakes3.Backend
	dir string
}

// wholePuts wraps b, spooling bodies in dir (emptied: what is there is left from
// uploads cut off).
func wholePuts(b gofakes3.Backend, dir string) (gofakes3.Backend, error) {
	if err := os.RemoveAll(dir); err != nil {
		return nil, err
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, err
	}
	return &wholeBodies{Backend: b, dir: dir}, nil
}

func (w *wholeBodies) PutObject(bucket, key string, meta map[string]string, input io.Reader, size int64, cond *gofakes3.PutConditions) (gofakes3.PutObjectResult, error) {
	f, err := os.CreateTemp(w.dir, "put-*")
	if err != nil {
		return gofakes3.PutObjectResult{}, err
	}
	defer func() {
		f.Close()
		os.Remove(f.Name())
	}()
	n, err := io.Copy(f, input)
	if err != nil || n != size {
		return gofakes3.PutObjectResult{}, gofakes3.ErrIncompleteBody
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return gofakes3.PutObjectResult{}, err
	}
	return w.Backend.PutObject(bucket, key, meta, f, size, cond)
}

// dialAddr returns addr as host:port, with a wildcard host replaced by loopback.
func dialAddr(addr *net.TCPAddr) string {
	ip := addr.IP
	if ip.IsUnspecified() {
		ip = net.IPv4(127, 0, 0, 1)
	}
	return net.JoinHostPort(ip.String(), strconv.Itoa(addr.Port))
}

// Endpoint returns the base URL to configure S3 clients with, e.g.
// "http://127.0.0.1:9000".
func (s *S3) Endpoint() string { return s.endpoint }

// Stop stops accepting requests, waits up to five seconds for running ones and
// closes the server. It is safe to call more than once.
func (s *S3) Stop() error {
	s.stopOnce.Do(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := s.srv.Shutdown(ctx); err != nil && !errors.Is(err, http.ErrServerClosed) {
			s.stopErr = fmt.Errorf("stop s3: %w", errors.Join(err, s.srv.Close()))
		}
		<-s.done
	})
	return s.stopErr
}
