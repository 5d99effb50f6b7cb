#!/bin/sh
# Replays the eval fuzz corpus and regression inputs (tests/fuzz/replay.sh).
exec "${SHELL:-/bin/sh}" "$(dirname "$0")/replay.sh" eval
