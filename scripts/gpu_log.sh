# SPDX-FileCopyrightText: 2026 coalesce authors
# SPDX-License-Identifier: Apache-2.0
# Sourced by the GPU scripts (gpu_prebuilt_check.sh, gpu_paths_check.sh, gpu_counts_check.sh): a summary
# line per step in $out/summary.txt, each command's log in $out/NAME.log. $out must be set first;
# RUN_LOG_TIMEOUT (seconds, default 420) bounds each command.
note() { echo "== $1" | tee -a "$out/summary.txt"; }
run_log() {  # name, command...: runs, keeps the log, notes the exit code and doctest's, the sanitizers' and the path matrix's counts
  local name=$1; shift
  timeout "${RUN_LOG_TIMEOUT:-420}" "$@" > "$out/$name.log" 2>&1
  note "$name: exit $? $(grep -E 'test cases:|ERROR SUMMARY|RACECHECK SUMMARY|^Paths:' "$out/$name.log" | tr -s ' ' | tr '\n' ' ' | cut -c1-400)"
}
sanitized() {  # tool (memcheck, racecheck), name, doctest filter: coalesce-gpu-tests under compute-sanitizer, as <tool>-<name>
  run_log "$1-$2" compute-sanitizer --tool "$1" --error-exitcode 99 "$bin/coalesce-gpu-tests" -tc="$3"
}
gpu_banner() { nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee -a "$out/summary.txt"; }
