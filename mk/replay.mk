# zser — `make replay`: the mutant replay under valgrind (tools/replay.sh; CI stage `replay`).
.PHONY: replay

replay: ext
	@bash tools/replay.sh
