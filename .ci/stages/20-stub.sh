# Sourced by .ci/run: defines one stage.
# ---- stub: the committed arginfo is what gen_stub.php makes of the stub
stage_stub() {
	local before
	before=$(cat ext/zser_arginfo.h)
	if PHP="$PHP" bash tools/gen-arginfo.sh >/dev/null && [ "$before" = "$(cat ext/zser_arginfo.h)" ]; then
		record stub 1 0
	else
		echo "ext/zser_arginfo.h is not what ext/zser.stub.php generates"
		printf '%s\n' "$before" >ext/zser_arginfo.h
		record stub 0 1
	fi
}
