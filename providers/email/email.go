// Package email sends Pagecast's e-mails: through SMTP when a host is configured, or
// into a local outbox directory (one .eml file per message) that a developer reads.
package email

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/tls"
	"encoding/hex"
	"errors"
	"fmt"
	"mime"
	"net"
	"net/mail"
	"net/smtp"
	"net/textproto"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// Message is one plain-text e-mail.
type Message struct {
	To      string
	Subject string
	Text    string
}

// Sender delivers messages.
type Sender interface {
	Send(ctx context.Context, m Message) error
}

// ErrBadAddress means a message cannot be sent as addressed (the address does not
// parse, or the server refuses the recipient for good); retrying will not help.
var ErrBadAddress = errors.New("bad e-mail address")

// build renders m as an RFC 5322 message.
func build(from string, m Message, now time.Time) ([]byte, error) {
	if _, err := mail.ParseAddress(m.To); err != nil {
		return nil, fmt.Errorf("%w: to %q", ErrBadAddress, m.To)
	}
	fromAddr, err := mail.ParseAddress(from)
	if err != nil {
		return nil, fmt.Errorf("%w: from %q", ErrBadAddress, from)
	}
	id := make([]byte, 12)
	_, _ = rand.Read(id)
	domain := fromAddr.Address[strings.LastIndex(fromAddr.Address, "@")+1:]
	var b bytes.Buffer
	fmt.Fprintf(&b, "From: %s\r\n", fromAddr.String())
	fmt.Fprintf(&b, "To: %s\r\n", m.To)
	// Folded between encoded words: a long subject in one line passes the 998
	// characters a header line may have.
	fmt.Fprintf(&b, "Subject: %s\r\n", strings.ReplaceAll(mime.QEncoding.Encode("utf-8", m.Subject), "?= =?", "?=\r\n =?"))
	fmt.Fprintf(&b, "Date: %s\r\n", now.Format(time.RFC1123Z))
	fmt.Fprintf(&b, "Message-ID: <%s@%s>\r\n", hex.EncodeToString(id), domain)
	b.WriteString("MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n")
	b.WriteString(strings.ReplaceAll(strings.ReplaceAll(m.Text, "\r\n", "\n"), "\n", "\r\n"))
	b.WriteString("\r\n")
	return b.Bytes(), nil
}

// Outbox writes each message as a file in a directory, for local use.
type Outbox struct {
	Dir  string
	From string
}

var unsafeName = regexp.MustCompile(`[^a-zA-Z0-9@._-]+`)

// Send writes the message to <Dir>/<time>-<to>.eml.
func (o Outbox) Send(_ context.Context, m Message) error {
	now := time.Now().UTC()
	raw, err := build(o.From, m, now)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(o.Dir, 0o755); err != nil {
		return fmt.Errorf("outbox: %w", err)
	}
	name := now.Format("20060102T150405.000000000") + "-" + unsafeName.ReplaceAllString(m.To, "_") + ".eml"
	tmp := filepath.Join(o.Dir, "."+name)
	if err := os.WriteFile(tmp, raw, 0o644); err != nil {
		return fmt.Errorf("outbox: %w", err)
	}
	if err := os.Rename(tmp, filepath.Join(o.Dir, name)); err != nil {
		return fmt.Errorf("outbox: %w", err)
	}
	return nil
}

// SMTP sends through a mail server, with STARTTLS when the server offers it and
// PLAIN auth when a username is set.
type SMTP struct {
	Host     string
	Port     int
	Username string
	Password string
	From     string
}

// Send delivers m through the server.
func (s SMTP) Send(ctx context.Context, m Message) error {
	raw, err := build(s.From, m, time.Now().UTC())
	if err != nil {
		return err
	}
	from, _ := mail.ParseAddress(s.From)
	to, _ := mail.ParseAddress(m.To)
	addr := net.JoinHostPort(s.Host, strconv.Itoa(s.Port))
	var d net.Dialer
	conn, err := d.DialContext(ctx, "tcp", addr)
	if err != nil {
		return fmt.Errorf("smtp: dial %s: %w", addr, err)
	}
	if deadline, ok := ctx.Deadline(); ok {
		_ = conn.SetDeadline(deadline)
	} else {
		_ = conn.SetDeadline(time.Now().Add(time.Minute))
	}
	c, err := smtp.NewClient(conn, s.Host)
	if err != nil {
		conn.Close()
		return fmt.Errorf("smtp: %w", err)
	}
	defer c.Close()
	if ok, _ := c.Extension("STARTTLS"); ok {
		if err := c.StartTLS(&tls.Config{ServerName: s.Host, MinVersion: tls.VersionTLS12}); err != nil {
			return fmt.Errorf("smtp: starttls: %w", err)
		}
	}
	if s.Username != "" {
		if err := c.Auth(smtp.PlainAuth("", s.Username, s.Password, s.Host)); err != nil {
			return fmt.Errorf("smtp: auth: %w", err)
		}
	}
	if err := c.Mail(from.Address); err != nil {
		return fmt.Errorf("smtp: mail from: %w", err)
	}
	if err := c.Rcpt(to.Address); err != nil {
		// A permanent refusal (5xx: no such mailbox, a bad address) stays one.
		if te := (*textproto.Error)(nil); errors.As(err, &te) && te.Code >= 500 {
			return fmt.Errorf("smtp: rcpt to: %w: %w", ErrBadAddress, err)
		}
		return fmt.Errorf("smtp: rcpt to: %w", err)
	}
	w, err := c.Data()
	if err != nil {
		return fmt.Errorf("smtp: data: %w", err)
	}
	if _, err := w.Write(raw); err != nil {
		return fmt.Errorf("smtp: write: %w", err)
	}
	if err := w.Close(); err != nil {
		return fmt.Errorf("smtp: end data: %w", err)
	}
	// The server took the message: it is delivered whatever QUIT answers, and an error
	// here would have the caller send it again.
	_ = c.Quit()
	return nil
}
