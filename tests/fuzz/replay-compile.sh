#!/bin/sh
# Replays the compile fuzz corpus and regression inputs (tests/fuzz/replay.sh).
exec "${SHELL:-/bin/sh}" "$(dirname "$0")/replay.sh" compile
