#!/usr/bin/env bash
# Generated code and the runtime headers build at the user's C++ level, not
# only at C++17 (issue 13 point 3: -std=c++14 failed inside cuda_emu.h):
# C++ examples built for emu with -std=c++11 and -std=c++14 print what the
# C++17 build prints.
#   language_levels.sh BUILD_DIR
set -u
build=$1
cc="$build/bin/omp2cuda-cc"
examples="$(dirname "$0")/../../examples"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pass=0 fail=0
for src in "$examples/member_function.cpp" "$examples/member_this.cpp" \
           "$examples/function_template.cpp"; do
  name=$(basename "$src" .cpp)
  "$cc" --backend=emu -std=c++17 "$src" -o "$work/$name.17" 2>/dev/null &&
    "$work/$name.17" >"$work/$name.17.out" 2>/dev/null || { echo "FAIL: $name c++17 reference"; fail=$((fail + 1)); continue; }
  for std in c++11 c++14; do
    if "$cc" --backend=emu -std=$std "$src" -o "$work/$name.$std" 2>"$work/err" &&
       "$work/$name.$std" >"$work/$name.$std.out" 2>/dev/null &&
       cmp -s "$work/$name.17.out" "$work/$name.$std.out"; then
      pass=$((pass + 1))
    else
      fail=$((fail + 1)); echo "FAIL: $name -std=$std"; head -5 "$work/err"
    fi
  done
done
echo "language_levels: $pass passed, $fail failed"
[ "$fail" = 0 ]
