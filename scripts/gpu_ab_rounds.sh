# SPDX-FileCopyrightText: 2026 coalesce authors
# SPDX-License-Identifier: Apache-2.0
# Sourced by gpu_ab_paths.sh and gpu_ab_records.sh: every variant runs twice, in turn, so that each
# cell's faster run is compared under the clocks of the same minute; the second round in the reverse
# order, since on the H200 the variant that ran first in a round measured 1-2 points faster in both
# orders (records A/Bs of 2026-12-03: cells no variant changes moved by that much).
#   ab_rounds <out> <variant>... -- <coalesce-bench arguments>
# A variant is name=/path/to/bench or name=@/path/to/bench [VAR=value ...] (another build), or
# name=[VAR=value ...] (the bench in $bench with that environment). Run r of a variant writes
# <out>/<name>-<r> and its log; `names` holds the variants' names afterwards.
ab_rounds() {
  local out=$1 nv name vars b round i
  shift
  local variants=()
  while [ $# -gt 0 ] && [ "$1" != -- ]; do variants+=("$1"); shift; done
  shift
  names=()
  for nv in "${variants[@]}"; do names+=("${nv%%=*}"); done
  local reversed=()
  for ((i = ${#variants[@]} - 1; i >= 0; --i)); do reversed+=("${variants[i]}"); done
  for round in 1 2; do
    local order=("${variants[@]}")
    [ $round = 2 ] && order=("${reversed[@]}")
    for nv in "${order[@]}"; do
      name=${nv%%=*}
      vars=${nv#*=}
      b=${bench:-/tmp/cb/coalesce-bench}
      if [[ $vars == @* || $vars == /* ]]; then  # another build, then its environment
        read -r b vars <<< "$vars"
        b=${b#@}
      fi
      env $vars "$b" "$@" --out "$out/$name-$round" > "$out/$name-$round.log" 2>&1 || echo "$name round $round: exit $?"
    done
  done
}
