# zser — peer extensions, built from ../shared/peers when it holds them, for side-by-side
# benchmarks only (bench/run loads what is built; nothing of them is linked into zser).
#   make peers   build/peers/simdjson_plus.so (C++17; a few minutes on two cores)

PEERS_DIR        ?= $(CURDIR)/../shared/peers
SIMDJSON_PLUS_SO  = build/peers/simdjson_plus.so
PEERS_BUILT       = $(if $(wildcard $(PEERS_DIR)/simdjson_plus/config.m4),$(SIMDJSON_PLUS_SO))

.PHONY: peers
peers: $(PEERS_BUILT)

# Built in a scratch copy: phpize and configure write into the source tree.
$(SIMDJSON_PLUS_SO):
	@echo '  PEER simdjson_plus'
	@rm -rf build/peers/simdjson_plus && mkdir -p build/peers
	@cp -r $(PEERS_DIR)/simdjson_plus build/peers/simdjson_plus && chmod -R u+w build/peers/simdjson_plus
	@cd build/peers/simdjson_plus && $(PHPIZE) >/dev/null && \
		./configure --with-php-config=$$(command -v $(PHP_CONFIG)) >/dev/null && \
		$(MAKE) -s -j2 >/dev/null
	@cp build/peers/simdjson_plus/modules/simdjson_plus.so $@
