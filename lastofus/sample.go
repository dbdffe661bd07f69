package lastofus

// SampleArea and SampleAnswer are the statement's sample and its expected answer.
const SampleArea = `area-0-sample
10 10 2
##########
#X.......#
####..C..#
#...C....#
#.....#..#
#C....#..#
#.....#C.#
#....##.C#
#E.......#
##########
`

const SampleAnswer = `14
b 1 5
w 1 0
w 1 0
w 1 1
w 1 1
b 3 5
w 0 1
w 0 1
w 0 1
w 0 1
w -1 1
w -1 0
w -1 0
w -1 0
`
