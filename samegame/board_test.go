package samegame

import (
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"testing"

	"cgbots/internal/rng"
	"cgbots/internal/shareddata"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// refBoard is the obviously-correct reference: a plain grid, recursive flood
// fill, gravity and column shift written straight from the rules.
type refBoard Grid

func (r *refBoard) flood(x, y int, c int8, seen *[Size][Size]bool, out *[]Move) {
	if x < 0 || x >= Size || y < 0 || y >= Size || seen[x][y] || r[x][y] != c {
		return
	}
	seen[x][y] = true
	*out = append(*out, Move{x, y})
	r.flood(x+1, y, c, seen, out)
	r.flood(x-1, y, c, seen, out)
	r.flood(x, y+1, c, seen, out)
	r.flood(x, y-1, c, seen, out)
}

// groups returns every group of 2+ cells as its sorted cell list.
func (r *refBoard) groups() [][]Move {
	var seen [Size][Size]bool
	var out [][]Move
	for x := 0; x < Size; x++ {
		for y := 0; y < Size; y++ {
			if r[x][y] < 0 || seen[x][y] {
				continue
			}
			var g []Move
			r.flood(x, y, r[x][y], &seen, &g)
			if len(g) >= 2 {
				sortMoves(g)
				out = append(out, g)
			}
		}
	}
	return out
}

// play removes the group of (x, y), applies gravity then the column shift,
// and returns the points.
func (r *refBoard) play(x, y int) int {
	var seen [Size][Size]bool
	var g []Move
	r.flood(x, y, r[x][y], &seen, &g)
	for _, m := range g {
		r[m.X][m.Y] = -1
	}
	var out refBoard
	for x := range out {
		for y := range out[x] {
			out[x][y] = -1
		}
	}
	nx := 0
	for x := 0; x < Size; x++ {
		ny := 0
		for y := 0; y < Size; y++ {
			if r[x][y] >= 0 {
				out[nx][ny] = r[x][y]
				ny++
			}
		}
		if ny > 0 {
			nx++
		}
	}
	*r = out
	points := (len(g) - 2) * (len(g) - 2)
	if r[0][0] < 0 {
		points += 1000
	}
	return points
}

func sortMoves(ms []Move) {
	sort.Slice(ms, func(i, j int) bool {
		if ms[i].X != ms[j].X {
			return ms[i].X < ms[j].X
		}
		return ms[i].Y < ms[j].Y
	})
}

func maskCells(m Mask) []Move {
	var out []Move
	for x := 0; x < Size; x++ {
		for y := 0; y < Size; y++ {
			if m.Has(x, y) {
				out = append(out, Move{x, y})
			}
		}
	}
	return out
}

// randomGrid fills a board with colours 0..colors-1 (few colours give big groups).
func randomGrid(r *rng.Rand, colors int) Grid {
	var g Grid
	for x := range g {
		for y := range g[x] {
			g[x][y] = int8(r.Intn(colors))
		}
	}
	return g
}

func groupsOf(t *testing.T, b *Board) [][]Move {
	var out [][]Move
	for _, g := range b.Groups(nil) {
		cells := maskCells(g.Cells)
		require.Len(t, cells, int(g.Size))
		out = append(out, cells)
	}
	return out
}

func sortGroups(gs [][]Move) {
	sort.Slice(gs, func(i, j int) bool {
		if gs[i][0].X != gs[j][0].X {
			return gs[i][0].X < gs[j][0].X
		}
		return gs[i][0].Y < gs[j][0].Y
	})
}

// Whole random games (500 boards, 22,238 positions), played by both
// implementations with random moves:
// groups, cells, points and hashes must agree at every step.
func TestBoardMatchesReference(t *testing.T) {
	r := rng.New(1)
	positions := 0
	defer func() { t.Logf("%d positions checked", positions) }()
	for game := 0; game < 500; game++ {
		grid := randomGrid(r, 2+game%4)
		b, err := FromGrid(&grid)
		require.NoError(t, err)
		ref := refBoard(grid)
		for step := 0; ; step++ {
			positions++
			want := ref.groups()
			got := groupsOf(t, &b)
			sortGroups(want)
			sortGroups(got)
			if !reflect.DeepEqual(want, got) {
				require.Equal(t, want, got, "game %d step %d groups\n%s", game, step, b.String())
			}
			require.Equal(t, len(want) > 0, b.HasMove())
			if len(want) == 0 {
				break
			}
			gs := b.Groups(nil)
			g := gs[r.Intn(len(gs))]
			x, y := g.Cell()
			wantPoints := ref.play(x, y)
			if got := b.Apply(&g); got != wantPoints {
				require.Equal(t, wantPoints, got, "game %d step %d points", game, step)
			}
			grid := b.Grid()
			if grid != Grid(ref) {
				require.Equal(t, Grid(ref), grid, "game %d step %d cells", game, step)
			}
			fresh, err := FromGrid(&grid)
			require.NoError(t, err)
			if fresh != b { // the incremental hashes included
				require.Equal(t, fresh, b, "game %d step %d whole state", game, step)
			}
			packed := b.pack()
			var unpacked Board
			packed.unpack(&unpacked)
			if unpacked != b {
				require.Equal(t, b, unpacked, "game %d step %d packed and unpacked", game, step)
			}
		}
	}
}

func TestHashSeparatesBoards(t *testing.T) {
	r := rng.New(2)
	seen := map[uint64]string{}
	for i := 0; i < 20000; i++ {
		g := randomGrid(r, 5)
		// Small random boards collide most easily: keep a few columns only.
		for x := 1 + r.Intn(3); x < Size; x++ {
			for y := 0; y < Size; y++ {
				g[x][y] = -1
			}
		}
		for y := 1 + r.Intn(4); y < Size; y++ {
			g[0][y] = -1
		}
		b, err := FromGrid(&g)
		require.NoError(t, err)
		s := b.String()
		if prev, ok := seen[b.Hash()]; ok {
			require.Equal(t, prev, s, "hash collision")
		}
		seen[b.Hash()] = s
	}
}

func TestMoveScoresAndBonus(t *testing.T) {
	var g Grid
	for x := range g {
		for y := range g[x] {
			g[x][y] = -1
		}
	}
	// Two columns: 0 0 / 1 1 at the bottom, a 1 on top of column 0.
	g[0][0], g[1][0], g[0][1], g[1][1] = 0, 0, 1, 1
	b, err := FromGrid(&g)
	require.NoError(t, err)
	_, err = b.Play(Move{5, 5})
	assert.EqualError(t, err, "empty cell")
	_, err = b.Play(Move{15, 0})
	assert.EqualError(t, err, "outside the board")
	p, err := b.Play(Move{0, 0})
	require.NoError(t, err)
	assert.Equal(t, 0, p, "a pair scores 0")
	assert.Equal(t, int8(1), b.Grid()[0][0], "the 1s fell")
	p, err = b.Play(Move{1, 0})
	require.NoError(t, err)
	assert.Equal(t, ClearBonus, p)
	assert.True(t, b.Cleared())
}

func TestSingletonIsIllegal(t *testing.T) {
	g := Grid{}
	for x := range g {
		for y := range g[x] {
			g[x][y] = int8((x + y) % 2)
		}
	}
	b, err := FromGrid(&g)
	require.NoError(t, err)
	assert.False(t, b.HasMove())
	_, err = b.Play(Move{3, 3})
	assert.EqualError(t, err, "single-cell group")
}

func TestFromGridRejectsUnsettledBoards(t *testing.T) {
	var g Grid
	for x := range g {
		for y := range g[x] {
			g[x][y] = -1
		}
	}
	g[0][1] = 2
	_, err := FromGrid(&g)
	assert.ErrorContains(t, err, "floats")
	g[0][1], g[2][0] = -1, 2
	_, err = FromGrid(&g)
	assert.ErrorContains(t, err, "right of an empty column")
	g[2][0], g[0][0] = -1, 7
	_, err = FromGrid(&g)
	assert.ErrorContains(t, err, "not -1..4")
}

func TestParseBoardsErrors(t *testing.T) {
	row := "012340123401234\n"
	full := ""
	for i := 0; i < Size; i++ {
		full += row
	}
	tests := []struct{ name, text, err string }{
		{"empty", "# nothing\n", "no board found"},
		{"short line", "0123\n", "line 1: 4 characters"},
		{"bad colour", "01234012340123x\n", "not a colour"},
		{"short board", row + "\n", "ends after 1 rows"},
		{"truncated", full[:len(row)*3], "ends after 3 rows"},
	}
	for _, tc := range tests {
		_, err := ParseBoards(tc.text)
		assert.ErrorContains(t, err, tc.err, tc.name)
	}
	bs, err := ParseBoards("# a\n" + full + "\n# b\n" + full)
	require.NoError(t, err)
	assert.Len(t, bs, 2)
	assert.Equal(t, 0, bs[0].At(0, 14))
	assert.Equal(t, 4, bs[0].At(4, 0))
}

func TestParseMoves(t *testing.T) {
	ms, err := ParseMoves(" 1,2  14,0 ")
	require.NoError(t, err)
	assert.Equal(t, []Move{{1, 2}, {14, 0}}, ms)
	_, err = ParseMoves("1,2 3;4")
	assert.ErrorContains(t, err, `move 2 "3;4"`)
	_, err = ParseMoves("1,2x")
	assert.Error(t, err)
}

func TestStandardPositionsParse(t *testing.T) {
	dir := shareddata.Dir(t, "samegame")
	data, err := os.ReadFile(filepath.Join(dir, "standard20.txt"))
	require.NoError(t, err)
	bs, err := ParseBoards(string(data))
	require.NoError(t, err)
	require.Len(t, bs, 20)
	// Rules 7.2: positions 11-15 have 45 cells of each colour.
	for c := 0; c < Colors; c++ {
		assert.Equal(t, 45, bs[10].ColorCount(c))
	}
	data, err = os.ReadFile(filepath.Join(dir, "codingame-tests.txt"))
	require.NoError(t, err)
	cg, err := ParseBoards(string(data))
	require.NoError(t, err)
	require.Len(t, cg, 50)
	assert.Equal(t, bs[0].String(), cg[10].String(), "validator 11 is standard position 1")
	// Rules 7.1: a recoloured validator has the same groups, so the same
	// move list scores the same on it as on its standard position.
	r := rng.New(4)
	for i := 0; i < 20; i++ {
		plain, recoloured := cg[10+i], cg[30+i]
		total := [2]int{}
		for plain.HasMove() {
			gs := plain.Groups(nil)
			x, y := gs[r.Intn(len(gs))].Cell()
			p1, err1 := plain.Play(Move{x, y})
			p2, err2 := recoloured.Play(Move{x, y})
			require.NoError(t, err1)
			require.NoError(t, err2, "validator %d", 31+i)
			total[0] += p1
			total[1] += p2
		}
		assert.False(t, recoloured.HasMove())
		assert.Equal(t, total[0], total[1], "validator %d", 31+i)
	}
}

func FuzzParseBoards(f *testing.F) {
	row := "012340123401234\n"
	full := ""
	for i := 0; i < Size; i++ {
		full += row
	}
	f.Add("# b\n" + full)
	f.Add(full + "\n" + full)
	f.Add("0\n\n#")
	f.Fuzz(func(t *testing.T, text string) {
		bs, err := ParseBoards(text)
		if err != nil {
			return
		}
		for i := range bs {
			again, err := ParseBoards(bs[i].String())
			require.NoError(t, err)
			require.Equal(t, bs[i], again[0])
		}
	})
}

func FuzzParseMoves(f *testing.F) {
	f.Add("1,2 3,4")
	f.Add("x")
	f.Fuzz(func(t *testing.T, s string) {
		ms, err := ParseMoves(s)
		if err != nil {
			return
		}
		b := Board{}
		_, _ = Replay(b, ms) // must not panic on any coordinates
	})
}

// maskOf is the mask of the given cells (maskCells' inverse).
func maskOf(cells ...Move) Mask {
	var m Mask
	for _, c := range cells {
		b := Bit(c.X, c.Y)
		for w := range m {
			m[w] |= b[w]
		}
	}
	return m
}

func TestSquareBlocksCountParts(t *testing.T) {
	tests := []struct {
		name   string
		cells  []Move
		blocks int64
		parts  int64 // cells - pairs + blocks: parts less holes
	}{
		{"one cell", []Move{{5, 5}}, 0, 1},
		{"two apart", []Move{{0, 0}, {2, 0}}, 0, 2},
		{"2x2 across words", []Move{{3, 5}, {4, 5}, {3, 6}, {4, 6}}, 1, 1},
		{"3x3", []Move{{11, 0}, {12, 0}, {13, 0}, {11, 1}, {12, 1}, {13, 1}, {11, 2}, {12, 2}, {13, 2}}, 4, 1},
		{"ring round a hole", []Move{{0, 0}, {1, 0}, {2, 0}, {0, 1}, {2, 1}, {0, 2}, {1, 2}, {2, 2}}, 0, 0},
		{"top row and last column", []Move{{13, 13}, {14, 13}, {13, 14}, {14, 14}, {0, 14}}, 1, 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := maskOf(tc.cells...)
			assert.Equal(t, tc.blocks, squareBlocks(&m))
			assert.Equal(t, tc.parts, int64(m.Count())-adjacentPairs(&m)+squareBlocks(&m))
		})
	}
	// Along random games the count is exact but for holes: never above
	// the parts found by flood fill, and equal almost always. The board's
	// merged counts are the sums of the colours' own.
	r := rng.New(7)
	checked, exact := 0, 0
	for i := 0; i < 300; i++ {
		b := RandomBoard(uint64(i))
		for {
			var pairs, blocks int64
			for c := 0; c < Colors; c++ {
				pairs += adjacentPairs(&b.color[c])
				blocks += squareBlocks(&b.color[c])
			}
			gotPairs, gotBlocks := b.sameColourCounts()
			require.Equal(t, pairs, gotPairs)
			require.Equal(t, blocks, gotBlocks)
			for c := 0; c < Colors; c++ {
				m := b.color[c]
				parts, rest := int64(0), m
				for !rest.Empty() {
					takeGroup(&rest, m)
					parts++
				}
				got := int64(m.Count()) - adjacentPairs(&m) + squareBlocks(&m)
				require.LessOrEqual(t, got, parts)
				checked++
				if got == parts {
					exact++
				}
			}
			gs := b.Groups(nil)
			if len(gs) == 0 {
				break
			}
			b.Apply(&gs[r.Intn(len(gs))])
		}
	}
	assert.Greater(t, exact*100, checked*98, "exact in %d of %d", exact, checked)
}
