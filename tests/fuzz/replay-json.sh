#!/bin/sh
# Replays the json fuzz corpus and regression inputs (tests/fuzz/replay.sh).
exec "${SHELL:-/bin/sh}" "$(dirname "$0")/replay.sh" json
