# zser — benchmark helpers beyond `make bench` (which the top-level Makefile defines).
#   make bench-quick                     the smoke run: tiny loops, every round trip checked
#   make bench-callgrind [CORPUS="twitter citm_catalog"]  callgrind instruction counts, json vs jsond
#   make bench-callgrind-bin [SETS="1 6"] [VS=php] [ONLY=ser] [WARM=1]
#                                        callgrind instructions per call, igbinary (or serialize())
#                                        vs zser; see tools/callgrind-bin.sh
.PHONY: bench-quick bench-callgrind bench-callgrind-bin

bench-quick: deps build
	@BENCH_QUICK=1 bash bench/run

bench-callgrind: deps build
	@bash tools/callgrind-json.sh $(CORPUS)

bench-callgrind-bin: deps build
	@bash tools/callgrind-bin.sh $(SETS)
