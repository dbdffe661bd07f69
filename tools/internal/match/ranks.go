package match

// Ranks gives each score its place: 1 plus the number of strictly higher
// scores, so tied players share a rank (as the CodinGame referees rank them).
func Ranks(scores []int) []int {
	r := make([]int, len(scores))
	for i := range scores {
		r[i] = 1
		for j := range scores {
			if scores[j] > scores[i] {
				r[i]++
			}
		}
	}
	return r
}
