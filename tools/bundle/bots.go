package bundle

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Bot is one bot of the repository: a main package at
// <game>/cmd/<game>-<bot>/.
type Bot struct {
	Dir  string // folder relative to the module root, slash-separated
	Name string // bundle file name, <game>-<bot>.go
}

// FindBots lists the bots under the module root, sorted by folder.
func FindBots(root string) ([]Bot, error) {
	games, err := os.ReadDir(root)
	if err != nil {
		return nil, err
	}
	var bots []Bot
	for _, g := range games {
		game := g.Name()
		if !g.IsDir() || strings.HasPrefix(game, ".") || strings.HasPrefix(game, "_") || game == "testdata" {
			continue
		}
		cmds, err := os.ReadDir(filepath.Join(root, game, "cmd"))
		if err != nil {
			continue
		}
		for _, c := range cmds {
			if c.IsDir() && strings.HasPrefix(c.Name(), game+"-") && len(c.Name()) > len(game)+1 && isMainPackage(filepath.Join(root, game, "cmd", c.Name())) {
				bots = append(bots, Bot{Dir: game + "/cmd/" + c.Name(), Name: c.Name() + ".go"})
			}
		}
	}
	sort.Slice(bots, func(i, j int) bool { return bots[i].Dir < bots[j].Dir })
	return bots, nil
}

// isMainPackage reports whether dir's first non-test Go file says package main.
func isMainPackage(dir string) bool {
	matches, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	for _, m := range matches {
		if strings.HasSuffix(m, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), m, nil, parser.PackageClauseOnly)
		return err == nil && f.Name.Name == "main"
	}
	return false
}
