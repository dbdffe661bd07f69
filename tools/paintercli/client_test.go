package paintercli

import (
	"net"
	"sync"
	"testing"
	"time"

	"cgbots/painter"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestClientsPlayAndReconnect runs our bot against the greedy baseline over
// TCP, drops the bot's connection twice mid-tournament, and checks that it
// came back and still won, as it does in memory on this board. (A bot that
// lost its trackers on reconnecting lost this game.)
func TestClientsPlayAndReconnect(t *testing.T) {
	cfg := testConfig()
	cfg.Teams = cfg.Teams[:2]
	cfg.Turn, cfg.Break, cfg.Turns, cfg.Tournaments, cfg.Seed = 20*time.Millisecond, 100*time.Millisecond, 100, 1, 2
	ours, greedy := painter.PlayLocal(initialGame(cfg), painter.NewPlanner(), &painter.Greedy{}, cfg.Turns, 1<<20)
	require.Greater(t, ours, 2*greedy, "in memory")
	s := startServer(t, cfg)
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for i, strategy := range []string{"search", "greedy"} {
		wg.Add(1)
		go func(team Team, strategy string) {
			defer wg.Done()
			err := RunClient(ClientConfig{Addr: s.Addr(), Login: team.Login, Pass: team.Pass, Strategy: strategy,
				Stop: stop, Retry: 10 * time.Millisecond, Log: testLog{t}})
			assert.NoError(t, err)
		}(cfg.Teams[i], strategy)
	}
	for _, at := range []time.Duration{600 * time.Millisecond, 1300 * time.Millisecond} {
		time.Sleep(at - 300*time.Millisecond)
		s.mu.Lock()
		if c := s.teams[0].conn; c != nil {
			c.close()
		}
		s.mu.Unlock()
	}
	require.NoError(t, s.Wait())
	s.mu.Lock()
	connected := s.teams[0].conn != nil
	s.mu.Unlock()
	close(stop)
	wg.Wait()
	assert.True(t, connected, "the bot logged in again")
	last := s.Scoreboard().Last
	t.Logf("search %d, greedy %d", last["t1"], last["t2"])
	assert.Greater(t, last["t1"], last["t2"])
}

func TestClientLoginRefused(t *testing.T) {
	s := startServer(t, testConfig())
	err := RunClient(ClientConfig{Addr: s.Addr(), Login: "t1", Pass: "bad", Strategy: "greedy"})
	assert.ErrorIs(t, err, ErrLoginRefused)
	assert.Error(t, RunClient(ClientConfig{Addr: s.Addr(), Login: "t1", Pass: "p1", Strategy: "clever"}))
}

// TestClientSurvivesAGarbageServer: a server answering nonsense makes the
// client reconnect, never crash, and stop when asked.
func TestClientSurvivesAGarbageServer(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer ln.Close()
	replies := []string{
		"LOGIN\nPASS\nOK\nOK\n3 1 10 100\nOK\n0 1 0 5\nOK\n-7\n",
		"LOGIN\nPASS\nOK\nOK\n3 1 10 100\nOK\n0 1 0 5\nOK\n2\n5 5\nXXX\n",
		"LOGIN\nPASS\nOK\nOK\n3 1 10 100\nOK\n1 x 0 5\n",
		"LOGIN\nPASS\nOK\nOK\n0 0 0 0\n",
		"\x00\xff garbage\n",
		"LOGIN\nPASS\nOK\nOK\n3 1 10 100\nOK\n0 1 0 5\nOK\n2\n3 3\nXXX\nX.X\nXXX\n3 3\nXXX\nX.X\nXXX\nOK\n2\n1\n1 100 1 1\n1\n",
	}
	served := make(chan int, 100)
	go func() {
		for i := 0; ; i++ {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			c.Write([]byte(replies[i%len(replies)]))
			c.Close()
			served <- i
		}
	}()
	stop := make(chan struct{})
	done := make(chan error)
	go func() {
		done <- RunClient(ClientConfig{Addr: ln.Addr().String(), Login: "a", Pass: "b", Strategy: "search", Stop: stop, Retry: time.Millisecond})
	}()
	for n := 0; n < 2*len(replies); n++ {
		<-served
	}
	close(stop)
	assert.NoError(t, <-done)
}

type testLog struct{ t *testing.T }

func (l testLog) Write(b []byte) (int, error) { l.t.Log(string(b)); return len(b), nil }
