package paintercli

import (
	"bufio"
	"bytes"
	"errors"
	"net"
	"sync"
	"time"
)

const (
	maxLineBytes = 64 << 10         // longer command lines are answered "bad format"
	loginTimeout = 30 * time.Second // to send the login and the password
	minWriteWait = 2 * time.Second  // a client not reading its replies for longer is dropped
)

// errLineTooLong marks a line cut at maxLineBytes (the rest was discarded).
var errLineTooLong = errors.New("line too long")

// session is one client connection. Only its own goroutine reads and writes
// the socket, so a slow or vanished client blocks nobody else.
type session struct {
	conn      net.Conn
	r         *bufio.Reader
	w         *bufio.Writer
	closed    chan struct{}
	closeOnce sync.Once
	team      int // index of the logged-in team, -1 before login
}

func (c *session) close() {
	c.closeOnce.Do(func() {
		close(c.closed)
		c.conn.Close()
	})
}

// readLine returns the next line without its end; over-long lines are
// consumed whole and reported with errLineTooLong.
func (c *session) readLine() ([]byte, error) {
	var line []byte
	tooLong := false
	for {
		part, err := c.r.ReadSlice('\n')
		if !tooLong {
			line = append(line, part...)
			if len(line) > maxLineBytes {
				tooLong, line = true, nil
			}
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if err != nil {
			return nil, err
		}
		if tooLong {
			return nil, errLineTooLong
		}
		return bytes.TrimRight(line, "\r\n"), nil
	}
}

func (c *session) send(data []byte, wait time.Duration) error {
	c.conn.SetWriteDeadline(time.Now().Add(wait))
	if _, err := c.w.Write(data); err != nil {
		return err
	}
	return c.w.Flush()
}

func (s *Server) writeWait() time.Duration {
	if w := 5 * s.cfg.Turn; w > minWriteWait {
		return w
	}
	return minWriteWait
}

// serveConn logs a client in and then answers its commands in order.
func (s *Server) serveConn(conn net.Conn) {
	defer s.conns.Done()
	c := &session{conn: conn, r: bufio.NewReaderSize(conn, 4096), w: bufio.NewWriter(conn), closed: make(chan struct{}), team: -1}
	s.mu.Lock()
	select {
	case <-s.stop:
		s.mu.Unlock()
		conn.Close()
		return
	default:
	}
	s.sessions[c] = true
	s.mu.Unlock()
	defer func() {
		c.close()
		s.mu.Lock()
		delete(s.sessions, c)
		if t := s.teams; c.team >= 0 && t[c.team].conn == c {
			t[c.team].conn = nil
		}
		s.mu.Unlock()
	}()
	ti, ok := s.login(c)
	if !ok {
		return
	}
	wait := s.writeWait()
	for {
		line, err := c.readLine()
		if err != nil && err != errLineTooLong {
			return
		}
		var reply []byte
		var release <-chan struct{}
		var delay time.Duration
		if err == errLineTooLong {
			reply, release = s.countedFailure(ti, replyBadFormat)
		} else {
			reply, release, delay = s.execute(ti, line)
		}
		if reply == nil {
			continue // empty line
		}
		if delay > 0 {
			select {
			case <-time.After(delay):
			case <-c.closed:
				return
			}
		}
		c.w.Write(reply)
		// Flush when the client has nothing more pipelined, or before waiting.
		if release != nil || c.r.Buffered() == 0 {
			if err := c.send(nil, wait); err != nil {
				return
			}
		}
		if release != nil {
			select {
			case <-release:
			case <-c.closed:
				return
			}
			if err := c.send([]byte("OK\n"), wait); err != nil {
				return
			}
		}
	}
}

// login runs the LOGIN / PASS exchange and registers the session as its
// team's connection, closing the previous one.
func (s *Server) login(c *session) (int, bool) {
	c.conn.SetDeadline(time.Now().Add(loginTimeout))
	if c.send([]byte("LOGIN\n"), loginTimeout) != nil {
		return 0, false
	}
	login, err := c.readLine()
	if err != nil && err != errLineTooLong {
		return 0, false
	}
	if c.send([]byte("PASS\n"), loginTimeout) != nil {
		return 0, false
	}
	pass, err2 := c.readLine()
	if err2 != nil && err2 != errLineTooLong {
		return 0, false
	}
	ti, known := s.byLogin[string(bytes.TrimSpace(login))]
	if err != nil || err2 != nil || !known || s.teams[ti].Pass != string(bytes.TrimSpace(pass)) {
		c.send([]byte("FAILED 1 bad login or password\n"), loginTimeout)
		return 0, false
	}
	c.conn.SetDeadline(time.Time{})
	s.mu.Lock()
	old := s.teams[ti].conn
	s.teams[ti].conn, c.team = c, ti
	s.mu.Unlock()
	if old != nil {
		old.close()
	}
	return ti, c.send([]byte("OK\n"), s.writeWait()) == nil
}
