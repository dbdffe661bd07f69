package arena

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"time"

	"cgbots/tools/internal/match"
)

// Bot is one contestant: a name for the table and a shell command.
type Bot struct {
	Name string `json:"name"`
	Cmd  string `json:"cmd"` // as given, builtin: included
	run  string // the command started, builtin: resolved
}

var botName = regexp.MustCompile(`^[A-Za-z0-9_.+-]+$`)

// parseBots reads NAME=CMD items separated by commas; a comma inside a
// command is written `\,`. CMD is a shell command and may carry arguments.
func parseBots(list string) ([]Bot, error) {
	var bots []Bot
	seen := map[string]bool{}
	for _, item := range splitUnescaped(list, ',') {
		item = strings.TrimSpace(item)
		name, cmd, ok := strings.Cut(item, "=")
		name, cmd = strings.TrimSpace(name), strings.TrimSpace(cmd)
		if !ok || !botName.MatchString(name) || cmd == "" {
			return nil, fmt.Errorf("bad bot %q in -bots: want NAME=CMD (NAME of letters, digits, _.+-)", item)
		}
		if seen[name] {
			return nil, fmt.Errorf("bot name %q given twice in -bots", name)
		}
		seen[name] = true
		bots = append(bots, Bot{Name: name, Cmd: cmd, run: cmd})
	}
	return bots, nil
}

// splitUnescaped splits s at sep, except where sep follows a backslash
// (which is dropped).
func splitUnescaped(s string, sep byte) []string {
	var parts []string
	var cur strings.Builder
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '\\' && i+1 < len(s) && s[i+1] == sep:
			cur.WriteByte(sep)
			i++
		case s[i] == sep:
			parts = append(parts, cur.String())
			cur.Reset()
		default:
			cur.WriteByte(s[i])
		}
	}
	return append(parts, cur.String())
}

const builtinPrefix = "builtin:"

// builder compiles the repo's bots named builtin:<game>-<bot>, once each,
// into a temporary folder.
type builder struct {
	root  string // module root, found on first use
	dir   string
	built map[string]string // package name -> binary
}

// resolve returns cmd with a leading builtin:NAME replaced by the path of
// the built binary; other commands are returned as they are.
func (b *builder) resolve(game, cmd string) (string, error) {
	if !strings.HasPrefix(cmd, builtinPrefix) {
		return cmd, nil
	}
	name, args, _ := strings.Cut(strings.TrimPrefix(cmd, builtinPrefix), " ")
	if !strings.HasPrefix(name, game+"-") {
		return "", fmt.Errorf("%s%s is not a %s bot (want builtin:%s-BOT)", builtinPrefix, name, game, game)
	}
	bin, ok := b.built[name]
	if !ok {
		var err error
		if bin, err = b.build(game, name); err != nil {
			return "", err
		}
		b.built[name] = bin
	}
	return strings.TrimSpace(shellQuote(bin) + " " + args), nil
}

func (b *builder) build(game, name string) (string, error) {
	if b.root == "" {
		out, err := exec.Command("go", "env", "GOMOD").Output()
		gomod := strings.TrimSpace(string(out))
		if err != nil {
			return "", fmt.Errorf("builtin bots need the go command: %v", err)
		}
		if gomod == "" || gomod == os.DevNull {
			return "", errors.New("builtin bots are built from the cgbots source tree: run inside it")
		}
		b.root = filepath.Dir(gomod)
	}
	pkg := filepath.Join(game, "cmd", name)
	if _, err := os.Stat(filepath.Join(b.root, pkg, "main.go")); err != nil {
		return "", fmt.Errorf("no bot %s%s (have: %s)", builtinPrefix, name, strings.Join(b.list(game), ", "))
	}
	if b.dir == "" {
		dir, err := os.MkdirTemp("", "cgbots-arena-")
		if err != nil {
			return "", err
		}
		b.dir = dir
	}
	bin := filepath.Join(b.dir, name)
	cmd := exec.Command("go", "build", "-o", bin, "./"+filepath.ToSlash(pkg))
	cmd.Dir = b.root
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build %s: %v: %s", pkg, err, lastLine(string(out)))
	}
	return bin, nil
}

// list names the builtin bots of a game.
func (b *builder) list(game string) []string {
	dirs, _ := filepath.Glob(filepath.Join(b.root, game, "cmd", game+"-*", "main.go"))
	var names []string
	for _, d := range dirs {
		names = append(names, builtinPrefix+filepath.Base(filepath.Dir(d)))
	}
	sort.Strings(names)
	return names
}

// cleanup removes the built binaries.
func (b *builder) cleanup() {
	if b.dir != "" {
		os.RemoveAll(b.dir)
	}
}

func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// errorLine picks the line of a failed command's output that says what
// went wrong: the first one that looks like an error (Go's flag package
// prints its usage after it), else the last one (tracebacks end with it).
func errorLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	for _, l := range lines {
		low := strings.ToLower(l)
		for _, word := range []string{"error", "invalid", "not found", "no such", "denied", "panic"} {
			if strings.Contains(low, word) {
				return strings.TrimSpace(l)
			}
		}
	}
	return strings.TrimSpace(lines[len(lines)-1])
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return strings.TrimSpace(lines[len(lines)-1])
}

// startWait is how long a bot command must stay alive, waiting for its
// first input, to count as started.
const startWait = time.Second

// checkStart starts every bot once, all at the same time, and fails on the
// first (in order) that exits before its first input: a typo in a command
// is reported once instead of losing every game.
func checkStart(bots []Bot) error {
	errs := make([]error, len(bots))
	var wg sync.WaitGroup
	for i := range bots {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			errs[i] = stillRunning(bots[i].run)
		}(i)
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			return fmt.Errorf("bot %s (%s) does not start: %v", bots[i].Name, bots[i].Cmd, err)
		}
	}
	return nil
}

func stillRunning(cmd string) error {
	p, err := match.Start(cmd)
	if err != nil {
		return err
	}
	defer p.Kill()
	deadline := time.Now().Add(startWait)
	for {
		_, err := p.ReadLine(time.Until(deadline))
		if errors.Is(err, match.ErrTimeout) {
			return nil
		}
		if errors.Is(err, match.ErrExited) {
			p.Kill() // waits for the stderr copy
			if msg := errorLine(p.Stderr()); msg != "" {
				return fmt.Errorf("it exited at once: %s", msg)
			}
			return errors.New("it exited at once")
		}
	}
}
