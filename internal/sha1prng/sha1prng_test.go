package sha1prng

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// transcript draws, in a fixed order, what a small Java program drew from
// SecureRandom.getInstance("SHA1PRNG") after setSeed(seed) (OpenJDK 17.0.15):
// 45 raw bytes, 5 nextInt(), 5 nextBoolean(), nextInt(bound) for several
// bounds, nextInt(origin, bound) for several ranges, and Collections.shuffle
// of 0..9.
func transcript(seed int64) string {
	r := New(seed)
	var sb strings.Builder
	fmt.Fprintf(&sb, "%d:", seed)
	b := make([]byte, 45)
	r.NextBytes(b)
	fmt.Fprintf(&sb, "%x ints:", b)
	for i := 0; i < 5; i++ {
		fmt.Fprintf(&sb, " %d", r.NextInt())
	}
	sb.WriteString(" b:")
	for i := 0; i < 5; i++ {
		if r.NextBoolean() {
			sb.WriteString("1")
		} else {
			sb.WriteString("0")
		}
	}
	sb.WriteString(" n:")
	for _, bound := range []int{10, 3, 16, 7, 1000000007, 2, 5} {
		fmt.Fprintf(&sb, " %d", r.Intn(bound))
	}
	sb.WriteString(" r:")
	for _, rg := range [][2]int{{6, 11}, {3, 6}, {-5, 3}, {-2147483648, 2147483647}, {-2000000000, 2000000000}} {
		fmt.Fprintf(&sb, " %d", r.IntRange(rg[0], rg[1]))
	}
	l := []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}
	r.Shuffle(len(l), func(i, j int) { l[i], l[j] = l[j], l[i] })
	sb.WriteString(" s:[")
	for i, v := range l {
		if i > 0 {
			sb.WriteString(",")
		}
		fmt.Fprintf(&sb, "%d", v)
	}
	sb.WriteString("]")
	return sb.String()
}

func TestMatchesJavaSHA1PRNG(t *testing.T) {
	want := []string{
		"1:96cb4cedc6d78a4666351950dd1d06af55611874210658966039dee8335b88fddbe32e69e815b79bbb18ccd41e ints: 931210958 -844507145 60220793 387752897 -1500685682 b:00010 n: 4 1 2 1 734207887 1 0 r: 10 4 2 -1488370265 -890962240 s:[9,7,0,8,3,1,4,6,2,5]",
		"42:d50ac288b90ede2e311b02376bca7c702fb62a27ba1a100ecb1e7ec5d79bbdbd038e19c067787310b2f7e00c11 ints: -505682562 -1351110367 754126415 -275484423 1873191446 b:00001 n: 3 2 13 1 805812798 1 1 r: 8 3 -1 129874369 -795184582 s:[4,7,1,3,5,0,2,8,6,9]",
		"-1:bde848494a8671e61d7d572b9c9dcbd42e4fccb8d505b75977b593fd3a48c294a38e7dbf0910e61658c38872eb ints: -2066335725 -817213053 -159702324 2042907056 -1896097136 b:11101 n: 8 1 0 4 225466296 1 2 r: 9 5 -1 -833101776 321001929 s:[0,3,8,6,9,1,5,7,4,2]",
		"5:6eeeda75049cfc3e0c70f58bf8d7c7f3cc0dc84819a3942bf2f39786adfb1d24ca964540ea582498734e7c0073 ints: -401209721 -1410816936 2085545390 -898376274 178443818 b:01010 n: 6 2 6 3 789890757 1 1 r: 10 3 -1 -1715761971 -745586051 s:[7,9,0,5,3,2,1,8,4,6]",
		"123456789012345:9bdcfcb552be52b53222667f75f262c9b472167498ff1c9395cd87a88ee558c059088cf7e6f949534408c2f94c ints: 547371177 -1509577682 1896887053 -1115984617 -113100977 b:01001 n: 3 0 2 4 890303368 1 3 r: 10 4 -1 -1547576398 -923247324 s:[7,1,6,0,4,9,5,2,3,8]",
		"-9223372036854775808:2809b74efa9399fbd769053ebb692db8307759809db30df71b5b67e787c55d9efa5c81b13e9700ae6ac25c471b ints: 2076596436 896867105 187677105 -1279601160 -1640861536 b:10100 n: 3 2 6 0 634634946 0 0 r: 9 3 -5 971274948 -1797656237 s:[9,4,6,7,0,8,1,2,3,5]",
		"9223372036854775807:dbda83354de7ee4cfd28bdc60c3b75e7d5ce383c1d226341418a425c2765ba821c83acd68539ebde6a4b054953 ints: -124105829 -2059361698 1534555919 1021116859 -1577155346 b:01101 n: 3 0 7 4 355068421 1 3 r: 6 5 -1 -261011445 1656871268 s:[8,1,9,0,4,7,3,2,6,5]",
	}
	for _, w := range want {
		var seed int64
		fmt.Sscanf(w, "%d:", &seed)
		assert.Equal(t, w, transcript(seed), "seed %d", seed)
	}
}

func TestRulesTestVectors(t *testing.T) {
	for _, tc := range []struct {
		seed int64
		hex  string
	}{
		{1, "96cb4cedc6d78a4666351950dd1d06af5561187421065896"},
		{42, "d50ac288b90ede2e311b02376bca7c702fb62a27ba1a100e"},
		{-1, "bde848494a8671e61d7d572b9c9dcbd42e4fccb8d505b759"},
	} {
		b := make([]byte, 24)
		New(tc.seed).NextBytes(b)
		assert.Equal(t, tc.hex, fmt.Sprintf("%x", b))
	}
	r := New(1)
	assert.Equal(t, 6, r.IntRange(6, 11))
	assert.Equal(t, int32(-958952890), r.NextInt())
}
