package embedded

import (
	"errors"
	"fmt"
	"net"
	"time"
)

// ReservePorts returns n distinct TCP ports on ip that are free now and stay
// out of the kernel's hands for about a minute, for servers that must be told
// a port before they listen (Temporal's services take a port number, not a
// listener).
//
// Asking for port 0 and closing the listener leaves a window in which the
// kernel may give the same port to anyone else who asks for port 0 or dials
// out, in this process or another; a Temporal service that then cannot listen
// crashes its host process. So each port is held until all n are picked (they
// differ), and is closed only after a connection to it has been accepted and
// closed from the port's side first. That side keeps the port in TIME_WAIT:
// the kernel picks no port in TIME_WAIT for a caller who leaves the choice to
// it, while a listener that names the port binds it at once (Go sets
// SO_REUSEADDR on every listener).
func ReservePorts(ip string, n int) (ports []int, err error) {
	listeners := make([]net.Listener, 0, n)
	defer func() {
		for _, ln := range listeners {
			err = errors.Join(err, ln.Close())
		}
		if err != nil {
			ports = nil
		}
	}()
	for range n {
		ln, err := net.Listen("tcp", net.JoinHostPort(ip, "0"))
		if err != nil {
			return nil, fmt.Errorf("reserve port: %w", err)
		}
		listeners = append(listeners, ln)
		ports = append(ports, ln.Addr().(*net.TCPAddr).Port)
	}
	for i, ln := range listeners {
		if err := parkInTimeWait(ln); err != nil {
			return nil, fmt.Errorf("reserve port %d: %w", ports[i], err)
		}
	}
	return ports, nil
}

// parkInTimeWait connects to ln and closes the accepted end first, so the
// TIME_WAIT that follows holds ln's port.
func parkInTimeWait(ln net.Listener) error {
	client, err := net.Dial("tcp", dialAddr(ln.Addr().(*net.TCPAddr)))
	if err != nil {
		return err
	}
	server, err := ln.Accept()
	if err != nil {
		return errors.Join(err, client.Close())
	}
	if err := server.Close(); err != nil {
		return errors.Join(err, client.Close())
	}
	// Read the server's FIN before closing, so this end closes second and
	// the TIME_WAIT stays on the server's side.
	_ = client.SetReadDeadline(time.Now().Add(time.Second))
	_, _ = client.Read(make([]byte, 1))
	return client.Close()
}
