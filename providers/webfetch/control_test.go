package webfetch

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"testing"
)

// TestDialerControlRefusesInternalSockets checks the last line of defence: the
// dialer's Control hook refuses a loopback socket even when every earlier check is
// skipped.
func TestDialerControlRefusesInternalSockets(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) {}))
	defer srv.Close()
	f := New(Options{})
	d := &net.Dialer{Control: f.control}
	_, err := d.DialContext(context.Background(), "tcp", srv.Listener.Addr().String())
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("dial loopback through Control = %v, want a refusal", err)
	}
	allowed := New(Options{AllowLoopback: true})
	conn, err := (&net.Dialer{Control: allowed.control}).DialContext(context.Background(), "tcp", srv.Listener.Addr().String())
	if err != nil {
		t.Fatalf("with AllowLoopback: %v", err)
	}
	conn.Close()
}
