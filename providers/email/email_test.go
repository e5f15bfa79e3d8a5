package email

import (
	"bufio"
	"context"
	"errors"
	"mime"
	"net"
	"net/mail"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
)

// smtpServer is a minimal SMTP peer (RFC 5321 commands without extensions) that
// records what one session delivered.
func smtpServer(t *testing.T) (host string, port int, got chan map[string]string) {
	t.Helper()
	return smtpServerAnswering(t, "250 ok", "221 bye")
}

// smtpServerAnswering is smtpServer answering RCPT with rcpt, and QUIT with quit or
// hanging up on it when quit is "".
func smtpServerAnswering(t *testing.T, rcpt, quit string) (host string, port int, got chan map[string]string) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	got = make(chan map[string]string, 1)
	go func() {
		conn, err := ln.Accept()
		if err != nil {
			return
		}
		defer conn.Close()
		r := bufio.NewReader(conn)
		say := func(s string) { conn.Write([]byte(s + "\r\n")) }
		rec := map[string]string{}
		say("220 test ESMTP")
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				return
			}
			cmd := strings.ToUpper(strings.TrimSpace(line))
			switch {
			case strings.HasPrefix(cmd, "EHLO"), strings.HasPrefix(cmd, "HELO"):
				say("250 test")
			case strings.HasPrefix(cmd, "MAIL FROM:"):
				rec["from"] = strings.TrimSpace(line[10:])
				say("250 ok")
			case strings.HasPrefix(cmd, "RCPT TO:"):
				rec["to"] = strings.TrimSpace(line[8:])
				say(rcpt)
			case cmd == "DATA":
				say("354 go on")
				var b strings.Builder
				for {
					l, err := r.ReadString('\n')
					if err != nil || l == ".\r\n" {
						break
					}
					b.WriteString(l)
				}
				rec["data"] = b.String()
				say("250 queued")
			case cmd == "QUIT":
				if quit != "" {
					say(quit)
				}
				got <- rec
				return
			default:
				say("502 unknown")
			}
		}
	}()
	addr := ln.Addr().(*net.TCPAddr)
	return "127.0.0.1", addr.Port, got
}

func TestSMTPSend(t *testing.T) {
	host, port, got := smtpServer(t)
	s := SMTP{Host: host, Port: port, From: "Pagecast <no-reply@pagecast.test>"}
	err := s.Send(context.Background(), Message{To: "ann@example.com", Subject: "Verify your e-mail", Text: "Open https://x/verify?token=abc\n"})
	if err != nil {
		t.Fatal(err)
	}
	rec := <-got
	if rec["from"] != "<no-reply@pagecast.test>" || rec["to"] != "<ann@example.com>" {
		t.Fatalf("envelope = %v", rec)
	}
	for _, want := range []string{"To: ann@example.com", "Subject: Verify your e-mail", "https://x/verify?token=abc"} {
		if !strings.Contains(rec["data"], want) {
			t.Errorf("data lacks %q:\n%s", want, rec["data"])
		}
	}
}

// TestSMTPSendDeliveredOnceAccepted: once the server has accepted the message (250
// after its data) it is delivered; a QUIT the server answers badly or hangs up on must
// not fail the send, or the caller sends the same e-mail again.
func TestSMTPSendDeliveredOnceAccepted(t *testing.T) {
	for _, tt := range []struct{ name, quit string }{
		{"bye", "221 bye"},
		{"hangs up", ""},
		{"error", "421 closing"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			host, port, got := smtpServerAnswering(t, "250 ok", tt.quit)
			s := SMTP{Host: host, Port: port, From: "Pagecast <no-reply@pagecast.test>"}
			if err := s.Send(context.Background(), Message{To: "ann@example.com", Subject: "Ready", Text: "Your video is ready.\n"}); err != nil {
				t.Fatalf("send = %v after the server accepted the message", err)
			}
			if rec := <-got; !strings.Contains(rec["data"], "Your video is ready.") {
				t.Fatalf("delivered %v", rec)
			}
		})
	}
}

// TestSMTPRecipientRefused: a recipient the server refuses for good (5xx) is a bad
// address, which retrying will not mend (the render e-mail was retried ten times over
// twenty minutes); a refusal for now (4xx) may pass later.
func TestSMTPRecipientRefused(t *testing.T) {
	for _, tt := range []struct {
		rcpt string
		bad  bool
	}{
		{"550 5.1.1 mailbox unavailable", true},
		{"553 5.1.3 bad recipient address syntax", true},
		{"451 4.3.0 try again later", false},
	} {
		t.Run(tt.rcpt, func(t *testing.T) {
			host, port, _ := smtpServerAnswering(t, tt.rcpt, "221 bye")
			s := SMTP{Host: host, Port: port, From: "Pagecast <no-reply@pagecast.test>"}
			err := s.Send(context.Background(), Message{To: "ann@example.com", Subject: "Ready", Text: "Ready.\n"})
			if err == nil {
				t.Fatal("send succeeded though the server refused the recipient")
			}
			if errors.Is(err, ErrBadAddress) != tt.bad {
				t.Fatalf("send = %v; a bad address: %v, want %v", err, errors.Is(err, ErrBadAddress), tt.bad)
			}
		})
	}
}

func TestSMTPUnreachable(t *testing.T) {
	ln, _ := net.Listen("tcp", "127.0.0.1:0")
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	err := SMTP{Host: "127.0.0.1", Port: port, From: "a@b.c"}.Send(context.Background(), Message{To: "x@y.z", Subject: "s", Text: "t"})
	if err == nil || !strings.Contains(err.Error(), strconv.Itoa(port)) {
		t.Fatalf("err = %v", err)
	}
}

func TestOutbox(t *testing.T) {
	dir := t.TempDir()
	o := Outbox{Dir: dir, From: "Pagecast <no-reply@pagecast.local>"}
	if err := o.Send(context.Background(), Message{To: "bo@example.com", Subject: "Hello", Text: "Body line"}); err != nil {
		t.Fatal(err)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 || !strings.HasSuffix(entries[0].Name(), "-bo@example.com.eml") {
		t.Fatalf("outbox = %v", entries)
	}
	b, _ := os.ReadFile(dir + "/" + entries[0].Name())
	if !strings.Contains(string(b), "Subject: Hello") || !strings.Contains(string(b), "Body line") {
		t.Fatalf("message = %s", b)
	}
	if err := o.Send(context.Background(), Message{To: "not an address"}); !errors.Is(err, ErrBadAddress) {
		t.Fatalf("bad address err = %v", err)
	}
}

// TestBuildFoldsLongSubject: a subject of many encoded words (a long video name in a
// script of three bytes a character) is folded between them, so that no header line
// passes the 998 characters RFC 5322 allows (servers refuse longer ones): a line holds
// at most "Subject: " and one encoded word (75, RFC 2047). It still reads back whole.
func TestBuildFoldsLongSubject(t *testing.T) {
	for _, tt := range []struct{ name, subject string }{
		{"short", "Your video is ready"},
		{"ascii", "Your video “" + strings.Repeat("harbour ", 31) + "” is ready"},
		{"cjk", "Your video “" + strings.Repeat("港口的早晨", 51) + "” is ready"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			raw, err := build("Pagecast <no-reply@pagecast.test>", Message{To: "ann@example.com", Subject: tt.subject, Text: "Hi"}, time.Now())
			if err != nil {
				t.Fatal(err)
			}
			head, _, _ := strings.Cut(string(raw), "\r\n\r\n")
			for _, line := range strings.Split(head, "\r\n") {
				if len(line) > len("Subject: ")+75 {
					t.Errorf("header line of %d characters: %.100s…", len(line), line)
				}
			}
			msg, err := mail.ReadMessage(strings.NewReader(string(raw)))
			if err != nil {
				t.Fatal(err)
			}
			got, err := new(mime.WordDecoder).DecodeHeader(msg.Header.Get("Subject"))
			if err != nil || got != tt.subject {
				t.Fatalf("subject reads back as %q, %v", got, err)
			}
		})
	}
}
