#!/bin/sh
# Means over the boots of a raw.txt, per setting (v11's script, which
# reads these lines too; the writers' stall columns show "-" here).
# Usage: means.sh RAW.txt
exec sh "$(dirname "$0")/../burst-train-auto-v11/means.sh" "$@"
