package a

var Z = trace("a2.Z")

func init() { trace("a2.init first") }

func init() {
	if len(Log) > 100 {
		return
	}
	trace("a2.init second")
}
