# zser on Debian 13's PHP 8.4 in a debootstrapped root (tools/ci-trixie.sh; needs root).
#   make test-php84                      the php84 CI stage: unit, phpt, diff, diff-override, cli,
#                                        capi, fuzz smoke, regress and integration inside the root
#   make test-php84 STAGES="phpt diff"   only those stages
.PHONY: test-php84

test-php84: deps
	@ZSER_PHP84_STAGES="$(STAGES)" bash .ci/run php84
