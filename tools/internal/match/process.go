// Package match runs bot processes the way CodinGame does: lines in on stdin,
// lines out on stdout, a time limit on each answer, and a kill for a bot that
// hangs or crashes. Referees of every game use it, so it knows no game.
package match

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"time"
)

// ErrTimeout is returned when a bot does not answer within its time limit.
var ErrTimeout = errors.New("timeout")

// ErrExited is returned when a bot's output ended (it exited or crashed).
var ErrExited = errors.New("bot process ended")

// maxLine bounds one output line so a bot printing endlessly cannot exhaust memory.
const maxLine = 1 << 20

// Process is one running bot.
type Process struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	lines  chan string
	stderr *tailBuffer
	once   sync.Once
}

// Start runs command through /bin/sh in its own process group, so that Kill
// also ends any children the command spawned.
func Start(command string) (*Process, error) {
	cmd := exec.Command("/bin/sh", "-c", command)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	p := &Process{cmd: cmd, stdin: stdin, lines: make(chan string, 1024), stderr: &tailBuffer{max: 64 << 10}}
	cmd.Stderr = p.stderr
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start %q: %w", command, err)
	}
	go p.readLines(stdout)
	return p, nil
}

func (p *Process) readLines(stdout io.Reader) {
	sc := bufio.NewScanner(stdout)
	sc.Buffer(make([]byte, 64<<10), maxLine)
	for sc.Scan() {
		p.lines <- strings.TrimRight(sc.Text(), "\r")
	}
	close(p.lines)
}

// Send writes lines to the bot's stdin, one per line. A write to a dead bot
// is not an error here: the following ReadLine reports it.
func (p *Process) Send(lines ...string) {
	var b strings.Builder
	for _, l := range lines {
		b.WriteString(l)
		b.WriteByte('\n')
	}
	p.stdin.Write([]byte(b.String()))
}

// ReadLine waits for one output line for at most limit.
func (p *Process) ReadLine(limit time.Duration) (string, error) {
	timer := time.NewTimer(limit)
	defer timer.Stop()
	select {
	case line, ok := <-p.lines:
		if !ok {
			return "", ErrExited
		}
		return line, nil
	case <-timer.C:
		return "", ErrTimeout
	}
}

// ReadLines reads n lines, all within limit from the call.
func (p *Process) ReadLines(n int, limit time.Duration) ([]string, error) {
	deadline := time.Now().Add(limit)
	out := make([]string, 0, n)
	for len(out) < n {
		line, err := p.ReadLine(time.Until(deadline))
		if err != nil {
			return out, err
		}
		out = append(out, line)
	}
	return out, nil
}

// Stderr is the last 64 KiB the bot wrote to stderr.
func (p *Process) Stderr() string { return p.stderr.String() }

// Kill ends the bot and its process group; it is safe to call more than once.
func (p *Process) Kill() {
	p.once.Do(func() {
		p.stdin.Close()
		if p.cmd.Process != nil {
			syscall.Kill(-p.cmd.Process.Pid, syscall.SIGKILL)
		}
		p.cmd.Wait()
		// drain so the reader goroutine can finish
		go func() {
			for range p.lines {
			}
		}()
	})
}

// tailBuffer keeps the last max bytes written to it.
type tailBuffer struct {
	mu  sync.Mutex
	max int
	buf []byte
}

func (t *tailBuffer) Write(b []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, b...)
	if len(t.buf) > t.max {
		t.buf = append([]byte(nil), t.buf[len(t.buf)-t.max:]...)
	}
	return len(b), nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.buf)
}
