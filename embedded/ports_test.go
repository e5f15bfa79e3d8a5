package embedded_test

import (
	"net"
	"strconv"
	"testing"

	"pagecast/embedded"
)

func TestReservePorts(t *testing.T) {
	for _, ip := range []string{"127.0.0.1", "0.0.0.0"} {
		t.Run(ip, func(t *testing.T) {
			ports, err := embedded.ReservePorts(ip, 8)
			if err != nil {
				t.Fatal(err)
			}
			if len(ports) != 8 {
				t.Fatalf("got %d ports, want 8", len(ports))
			}
			reserved := map[int]bool{}
			for _, p := range ports {
				if reserved[p] {
					t.Fatalf("port %d reserved twice: %v", p, ports)
				}
				reserved[p] = true
			}
			// Nobody who leaves the choice to the kernel gets a reserved port,
			// neither a listener nor a connection going out.
			target, err := net.Listen("tcp", "127.0.0.1:0")
			if err != nil {
				t.Fatal(err)
			}
			defer target.Close()
			for range 3000 {
				ln, err := net.Listen("tcp", net.JoinHostPort(ip, "0"))
				if err != nil {
					t.Fatal(err)
				}
				p := ln.Addr().(*net.TCPAddr).Port
				ln.Close()
				if reserved[p] {
					t.Fatalf("the kernel handed out reserved port %d", p)
				}
			}
			for range 300 {
				c, err := net.Dial("tcp", target.Addr().String())
				if err != nil {
					t.Fatal(err)
				}
				p := c.LocalAddr().(*net.TCPAddr).Port
				c.Close()
				if reserved[p] {
					t.Fatalf("a connection went out from reserved port %d", p)
				}
			}
			// Whoever names a reserved port listens on it at once.
			for _, p := range ports {
				ln, err := net.Listen("tcp", net.JoinHostPort(ip, strconv.Itoa(p)))
				if err != nil {
					t.Fatalf("listen on reserved port %d: %v", p, err)
				}
				ln.Close()
			}
		})
	}
}
