// Package cgio reads CodinGame-style input: whitespace-separated tokens and
// whole lines from a buffered stream. Errors are sticky and never panic, so a
// bot fed garbage keeps running: it checks Err once per turn and decides.
package cgio

import (
	"bufio"
	"errors"
	"io"
	"strconv"
)

// ErrSyntax is reported when a token is not the number it should be.
var ErrSyntax = errors.New("cgio: malformed number")

// Reader reads tokens and lines. The first error stops all further reads.
type Reader struct {
	r   *bufio.Reader
	err error
}

// NewReader wraps r with a 64 KiB buffer, enough for any CodinGame turn input.
func NewReader(r io.Reader) *Reader {
	return &Reader{r: bufio.NewReaderSize(r, 1<<16)}
}

// Err is the first error met, io.EOF at the end of input.
func (r *Reader) Err() error { return r.err }

// ClearErr forgets a syntax error so that a bot can resynchronise on the next
// line; an end of input or a read error stays.
func (r *Reader) ClearErr() {
	if r.err == ErrSyntax {
		r.err = nil
	}
}

func isSpace(c byte) bool { return c == ' ' || c == '\n' || c == '\r' || c == '\t' }

// Token returns the next whitespace-separated token, or "" after an error.
func (r *Reader) Token() string {
	if r.err != nil {
		return ""
	}
	c, err := r.r.ReadByte()
	for err == nil && isSpace(c) {
		c, err = r.r.ReadByte()
	}
	if err != nil {
		r.err = err
		return ""
	}
	buf := make([]byte, 0, 16)
	for err == nil && !isSpace(c) {
		buf = append(buf, c)
		c, err = r.r.ReadByte()
	}
	if err == nil {
		r.r.UnreadByte()
	}
	return string(buf)
}

// Int returns the next token as an int, or 0 with a sticky ErrSyntax.
func (r *Reader) Int() int {
	tok := r.Token()
	if r.err != nil {
		return 0
	}
	v, err := strconv.Atoi(tok)
	if err != nil {
		r.err = ErrSyntax
		return 0
	}
	return v
}

// Line returns the rest of the current line without its line ending. After
// tokens it first skips the end of the line those tokens were on when nothing
// but the line ending is left on it.
func (r *Reader) Line() string {
	if r.err != nil {
		return ""
	}
	line, err := r.r.ReadString('\n')
	if err != nil && (err != io.EOF || line == "") {
		r.err = err
		return ""
	}
	if line == "\n" || line == "\r\n" {
		return r.Line()
	}
	for len(line) > 0 && (line[len(line)-1] == '\n' || line[len(line)-1] == '\r') {
		line = line[:len(line)-1]
	}
	return line
}
