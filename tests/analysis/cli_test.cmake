# SPDX-FileCopyrightText: 2026 coalesce authors
# SPDX-License-Identifier: Apache-2.0
# cmake -DADVISE=<coalesce-advise> -DOUT=<dir> -DEXAMPLES=<apps/advise/examples> -P cli_test.cmake
# Runs the worked examples through the CLI, checks the JSON numbers and the exit codes of bad input.
cmake_minimum_required(VERSION 3.25)

# run(<result var> <args>...): runs the CLI, stores stdout, fails on a non-zero exit.
function(run out)
  execute_process(COMMAND "${ADVISE}" ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE stdout ERROR_VARIABLE stderr)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "coalesce-advise ${ARGN}: exit ${rc}\n${stderr}")
  endif()
  set(${out} "${stdout}" PARENT_SCOPE)
endfunction()

# expect(<json> <key> <value>): a top-level key of the JSON equals value.
function(expect json key value)
  string(JSON got GET "${json}" ${key})
  if(NOT "${got}" STREQUAL "${value}")
    message(FATAL_ERROR "${key}: expected ${value}, got ${got}")
  endif()
endfunction()

# fails(<exit code> <text in stderr> <args>...): bad input exits with that code and says that text.
function(fails code text)
  execute_process(COMMAND "${ADVISE}" ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE stdout ERROR_VARIABLE stderr)
  if(NOT rc EQUAL code)
    message(FATAL_ERROR "coalesce-advise ${ARGN}: expected exit ${code}, got ${rc}\n${stderr}")
  endif()
  string(FIND "${stderr}" "${text}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "coalesce-advise ${ARGN}: stderr lacks '${text}':\n${stderr}")
  endif()
endfunction()

run(j pattern --arch sm_90 --type float4 --index idx --json)
expect("${j}" transactions_per_request 16)
expect("${j}" efficiency 1.0)

run(j pattern --arch sm_90 --type float4 --index "idx*2" --json --svg "${OUT}/float4_stride2.svg")
expect("${j}" transactions_per_request 32)
expect("${j}" bytes_requested 512)
expect("${j}" bytes_moved 1024)
expect("${j}" efficiency 0.5)
file(READ "${OUT}/float4_stride2.svg" svg)
string(FIND "${svg}" "url(#waste)" hatched)
if(hatched EQUAL -1)
  message(FATAL_ERROR "the SVG has no hatched (wasted) bytes")
endif()

run(j pattern --type float4 --index "idx + (idx/16)*16" --json)
expect("${j}" transactions_per_request 16)
expect("${j}" efficiency 1.0)

run(j pattern --type float --index "idx*64" --json)
expect("${j}" transactions_per_request 32)
expect("${j}" bytes_used 128)

run(j pattern --arch cc1.0 --type float --index idx --base-offset 128 --lanes 16 --json)
expect("${j}" transactions_per_request 1)
expect("${j}" bytes_moved 64)
run(j pattern --arch cc1.1 --type float --index idx --base-offset 132 --lanes 16 --json)
expect("${j}" transactions_per_request 16)
run(j pattern --arch cc1.2 --type float --index idx --base-offset 132 --lanes 16 --json)
expect("${j}" transactions_per_request 1)
expect("${j}" bytes_moved 128)

run(j pattern --type float --index idx --store --json)
expect("${j}" kind store)
expect("${j}" transactions_per_request 4)

run(j banks --type float --index "2*1*idx" --json)
expect("${j}" wavefronts_per_request 2)
run(j banks --type float --index "2*2*idx" --json)
expect("${j}" wavefronts_per_request 4)
run(j banks --type float --index "idx+16" --json)
expect("${j}" wavefronts_per_request 1)

# By bytes without a time model (sm_75); sm_90 ties these launch-bound reads and ranks one stream first.
run(j layout --n 1024 --m 3 --type float --read all --write none --arch sm_75 --json)
string(JSON best GET "${j}" ranking 0 layout)
string(JSON worst GET "${j}" ranking 5 layout)
string(JSON worst_sectors GET "${j}" ranking 5 transactions)
if(NOT best STREQUAL "soa" OR NOT worst STREQUAL "aos" OR NOT worst_sectors EQUAL 1152)
  message(FATAL_ERROR "layout ranking: best ${best}, worst ${worst} with ${worst_sectors} sectors")
endif()

# Records: the particle example, x and v read, x written; by bytes (sm_75: no time model, which ties these).
set(particle "${EXAMPLES}/particle.json")
run(j record --record "${particle}" --read x,v --write x --n 4096 --arch sm_75 --json)
string(JSON best GET "${j}" ranking 0 layout)
string(JSON best_per_request GET "${j}" ranking 0 transactions_per_request)
string(JSON worst GET "${j}" ranking 11 layout)
string(JSON worst_per_request GET "${j}" ranking 11 transactions_per_request)
string(JSON field GET "${j}" ranking 11 instructions 0 field)
if(NOT best STREQUAL "soa" OR NOT best_per_request EQUAL 8 OR NOT worst STREQUAL "packed" OR NOT worst_per_request EQUAL 32
   OR NOT field STREQUAL "x")
  message(FATAL_ERROR "record ranking: best ${best} (${best_per_request}), worst ${worst} (${worst_per_request}), ${field}")
endif()
run(j record --record "${particle}" --read "x[0],mass" --hot x --n 1000 --json)
string(JSON count LENGTH "${j}" ranking)
expect("${j}" reads "x[0],mass")
if(NOT count EQUAL 12)
  message(FATAL_ERROR "record ranking with --hot x: ${count} candidates, expected 12")
endif()
fails(2 "no field 'position'" record --record "${particle}" --read position)
fails(2 "'x[a]' is not a field" record --record "${particle}" --read "x[a]")
fails(2 "component 3 of field 'x'" record --record "${particle}" --read "x[3]")
fails(2 "cannot read" record --record "${OUT}/missing.json")
file(WRITE "${OUT}/bad_record.json" "{\"stride\": 8, \"fields\": [{\"name\": \"a\", \"offset\": 4, \"width\": 8}]}")
fails(2 "'a'" record --record "${OUT}/bad_record.json")
file(WRITE "${OUT}/no_width.json" "{\"stride\": 8, \"fields\": [{\"name\": \"a\", \"offset\": 0}]}")
fails(2 "has no \"width\"" record --record "${OUT}/no_width.json")

fails(2 "column 5" pattern --type float --index "idx*")
fails(2 "unknown element type 'half'" pattern --type half --index idx)
fails(2 "unknown architecture 'sm_99'" pattern --arch sm_99 --type float --index idx)
fails(2 "gets index -1" pattern --type float --index "idx-1")
fails(2 "base offset 2 bytes" pattern --type float --index idx --base-offset 2)
fails(2 "bank width 3" banks --type float --index idx --bank-bytes 3)
fails(2 "component 3 is out of range" layout --n 10 --m 3 --type float --read 0,3)
fails(2 "'x' is not a list" layout --n 10 --m 3 --type float --read x)
fails(2 "n = 0" layout --n 0 --m 3 --type float)
fails(2 "column 4: division by zero" layout --n 10 --m 3 --type float --thread-map "idx/0")
# The time model: predicted_ms and binding_limit per ranked layout; AoS's 32 components miss L1 (L2 binds).
run(j layout --n 16777216 --m 32 --type float --read all --json)
string(JSON best GET "${j}" ranking 0 binding_limit)
string(JSON worst GET "${j}" ranking 5 layout)
string(JSON worst_limit GET "${j}" ranking 5 binding_limit)
string(JSON worst_ms GET "${j}" ranking 5 predicted_ms)
if(NOT best STREQUAL "dram" OR NOT worst STREQUAL "aos" OR NOT worst_limit STREQUAL "l2" OR worst_ms LESS 1.5)
  message(FATAL_ERROR "time ranking: best bound by ${best}, worst ${worst} bound by ${worst_limit} at ${worst_ms} ms")
endif()
# The validation statistics from a measured file (here the sample), computed on the host.
run(j validate --measured "${EXAMPLES}/../../../tools/validate_time/sample_measured.json" --json
    --report "${OUT}/time_report.md")
expect("${j}" first_within_5 1.0)
file(READ "${OUT}/time_report.md" report)
string(FIND "${report}" "advisor's first layout within 5 %" found)
if(found EQUAL -1)
  message(FATAL_ERROR "the validation report lacks its statistics")
endif()
fails(2 "l3=1" layout --n 10 --m 3 --type float --perf l3=1)
fails(2 "no time model for sm_75" validate --measured "${EXAMPLES}/particle.json" --arch sm_75)
fails(2 "no \"kernels\" array" validate --measured "${EXAMPLES}/particle.json")
# --counts: the access counts of counted views instead of --read / --write, the same ranking.
set(counts_head "{\"format\": \"coalesce-access-counts\", \"version\": 1, \"source\": \"cli test\", ")
file(WRITE "${OUT}/counts.json" "${counts_head}\"arrays\": [
  {\"name\": \"e\", \"layout\": \"aos\", \"n\": 4096, \"m\": 4, \"type\": \"float\", \"element_size\": 4,
   \"reads\": [4096, 0, 8192, 0], \"writes\": [0, 0, 0, 4096]},
  {\"name\": \"f\", \"layout\": \"aos\", \"n\": 8, \"m\": 1, \"type\": \"int\", \"element_size\": 4,
   \"reads\": [8], \"writes\": [0]}],
 \"records\": [{\"name\": \"p\", \"layout\": \"aos\", \"n\": 1000, \"stride\": 32, \"fields\": [
  {\"name\": \"x\", \"offset\": 0, \"width\": 8, \"count\": 3, \"reads\": [1000, 1000, 1000], \"writes\": [0, 0, 0]},
  {\"name\": \"mass\", \"offset\": 24, \"width\": 4, \"count\": 1, \"reads\": [1000], \"writes\": [0]},
  {\"name\": \"id\", \"offset\": 28, \"width\": 4, \"count\": 1, \"reads\": [0], \"writes\": [1000]}]}]}")
run(counted layout --counts "${OUT}/counts.json" --array e --json)
run(by_hand layout --n 4096 --m 4 --type float --read 0,2 --write 3 --json)
expect("${counted}" m 4)
expect("${counted}" type float)
string(JSON counted_ranking GET "${counted}" ranking)
string(JSON by_hand_ranking GET "${by_hand}" ranking)
if(NOT counted_ranking STREQUAL by_hand_ranking)
  message(FATAL_ERROR "--counts ranks otherwise than --read 0,2 --write 3:\n${counted}\n${by_hand}")
endif()
run(counted layout --counts "${OUT}/counts.json" --array f --n 100000 --json)
expect("${counted}" n 100000)
run(counted record --counts "${OUT}/counts.json" --json)
expect("${counted}" reads "x,mass")
expect("${counted}" writes "id")
fails(108 "excludes" layout --counts "${OUT}/counts.json" --read 0)
fails(108 "excludes" record --counts "${OUT}/counts.json" --record "${particle}")
fails(2 "name the array; the counts have 'e', 'f'" layout --counts "${OUT}/counts.json")
fails(2 "no array 'g'" layout --counts "${OUT}/counts.json" --array g)
fails(2 "cannot read" layout --counts "${OUT}/missing.json")
file(WRITE "${OUT}/counts_bad_key.json" "${counts_head}\"arrays\": [{\"name\": \"e\", \"layout\": \"aos\", \"n\": -4,
  \"m\": 1, \"type\": \"float\", \"element_size\": 4, \"reads\": [1], \"writes\": [0]}]}")
fails(2 "arrays[0] key \"n\" is not a non-negative integer" layout --counts "${OUT}/counts_bad_key.json")
file(WRITE "${OUT}/counts_bad_type.json" "${counts_head}\"arrays\": [{\"name\": \"e\", \"layout\": \"aos\", \"n\": 4,
  \"m\": 1, \"type\": \"half\", \"element_size\": 2, \"reads\": [1], \"writes\": [0]}]}")
fails(2 "array 'e': unknown type 'half'" layout --counts "${OUT}/counts_bad_type.json")

execute_process(COMMAND "${ADVISE}" pattern --type float RESULT_VARIABLE rc OUTPUT_QUIET ERROR_QUIET)
if(rc EQUAL 0)
  message(FATAL_ERROR "a missing --index must fail")
endif()
message(STATUS "coalesce-advise: all CLI checks passed")
