package kutulucli

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"cgbots/internal/shareddata"
	"github.com/stretchr/testify/require"
)

func TestReplayAllOfficialTraces(t *testing.T) {
	dir := shareddata.Dir(t, "kutulu", "traces")
	files, err := filepath.Glob(filepath.Join(dir, "*.txt"))
	require.NoError(t, err)
	require.NotEmpty(t, files)
	var out bytes.Buffer
	err = replayFiles(files, &out)
	require.NoError(t, err, out.String())
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	require.Len(t, lines, len(files)+1)
}
