#!/bin/sh
# Replays the doc fuzz corpus and regression inputs (tests/fuzz/replay.sh).
exec "${SHELL:-/bin/sh}" "$(dirname "$0")/replay.sh" doc
