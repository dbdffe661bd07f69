package arena

import "math"

// z95 is the two-sided 95% quantile of the normal distribution.
const z95 = 1.959963984540054

// Wilson is the Wilson score interval of a proportion at normal quantile z:
// points successes in n trials (a draw counts half a success, which treats
// it as a coin flip: a slightly wide interval when draws are common).
func Wilson(points float64, n int, z float64) (lo, hi float64) {
	if n <= 0 {
		return 0, 1
	}
	nf := float64(n)
	p := points / nf
	z2 := z * z
	d := 1 + z2/nf
	center := (p + z2/(2*nf)) / d
	half := z / d * math.Sqrt(p*(1-p)/nf+z2/(4*nf*nf))
	return math.Max(0, center-half), math.Min(1, center+half)
}

// EloFromScore is the rating difference whose expected score is s
// (logistic, 400 points per factor 10 in odds); ±Inf at 0 and 1.
func EloFromScore(s float64) float64 {
	return -400 * math.Log10(1/s-1)
}

// Elo is a rating difference measured from per-game scores.
type Elo struct {
	Games int
	Score float64 // mean score in [0,1]
	Diff  float64 // EloFromScore(Score)
	Error float64 // half-width of the interval at z; +Inf when unknown
}

// EloFromGames estimates the rating difference from per-game scores in
// [0,1] and its error by the delta method: the standard error of the mean
// score (sample deviation, so draws and correlated seats count as they
// fell) times the slope of EloFromScore at the mean, times z.
func EloFromGames(scores []float64, z float64) Elo {
	e := Elo{Games: len(scores), Error: math.Inf(1)}
	if len(scores) == 0 {
		return e
	}
	var sum float64
	for _, s := range scores {
		sum += s
	}
	n := float64(len(scores))
	e.Score = sum / n
	e.Diff = EloFromScore(e.Score)
	if len(scores) < 2 || e.Score <= 0 || e.Score >= 1 {
		return e
	}
	var ss float64
	for _, s := range scores {
		ss += (s - e.Score) * (s - e.Score)
	}
	se := math.Sqrt(ss / (n - 1) / n)
	slope := 400 / (math.Ln10 * e.Score * (1 - e.Score))
	e.Error = z * se * slope
	return e
}
