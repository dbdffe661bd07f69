package kutulucli

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"cgbots/kutulu"
)

// loadMapFile reads one map file; its name is the file name without extension.
func loadMapFile(path string) (*kutulu.Maze, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	name := strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	m, err := kutulu.ParseMazeText(name, string(b))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return m, nil
}

// loadPoolMap reads the map with display name `name` from a folder: its
// index.json (as in shared/data/kutulu/maps) maps names to files, else the
// file is <name>.txt. Only that map is read, so maps outside the pools
// (with 2 or 3 starts) do not matter.
func loadPoolMap(dir, name string) (*kutulu.Maze, error) {
	file := name + ".txt"
	if b, err := os.ReadFile(filepath.Join(dir, "index.json")); err == nil {
		var idx []struct {
			File string `json:"file"`
			Name string `json:"name"`
		}
		if err := json.Unmarshal(b, &idx); err != nil {
			return nil, fmt.Errorf("%s: %w", filepath.Join(dir, "index.json"), err)
		}
		for _, e := range idx {
			if e.Name == name {
				file = e.File
			}
		}
	}
	m, err := loadMapFile(filepath.Join(dir, file))
	if err != nil {
		return nil, fmt.Errorf("map %q of the pool: %w", name, err)
	}
	m.Name = name
	return m, nil
}
