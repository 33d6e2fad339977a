#!/bin/sh
# test_nnue_train.sh: the learned evaluation's tools end to end, as a
# smoke test of seconds (never a real training): congo --gen-data plays a
# few games at a small node count into a data file, congo --train trains
# on its few thousand positions twice with one seed (the same network
# both times, byte for byte) and once with another (a different one),
# --draw-share leaves out a share of the drawn games' positions,
# the engine plays with the network (EvalFile) and says when a file is
# damaged, falling back to the hand-made evaluation, and the tools refuse
# bad input with a message.
# Exit status: 0 pass, 1 fail, 99 hard error.

set -u

tmp_prefix=congo-nnue
. "$(dirname "$0")/cli_lib.sh"

"$congo" --gen-data "$tmp/c.dat" --games 8 --nodes 400 --threads 2 \
    --quiet >"$tmp/gen.out" 2>&1
check gen-data "$tmp/gen.out" "^8 games, [0-9]* positions in"
# without --eval-file the players evaluate by hand, whatever network is
# installed: the same games with the shipped networks as without any
mkdir "$tmp/nonet"
CONGO_DATADIR="$tmp/nonet" "$congo" --gen-data "$tmp/c0.dat" --games 2 \
    --nodes 400 --quiet >/dev/null 2>&1
"$congo" --gen-data "$tmp/c1.dat" --games 2 --nodes 400 --quiet \
    >/dev/null 2>&1
if ! cmp -s "$tmp/c0.dat" "$tmp/c1.dat"; then
	echo "FAIL: --gen-data without --eval-file used an installed network"
	fail=1
fi
"$congo" --gen-data "$tmp/m.dat" --variant megapawn --games 4 --nodes 300 \
    --quiet >"$tmp/genm.out" 2>&1
check gen-data-megapawn "$tmp/genm.out" "^4 games, [0-9]* positions in"

for n in 1 2; do
	"$congo" --train "$tmp/c.dat" -o "$tmp/a$n.nnue" --epochs 2 \
	    --threads 2 --seed 5 --quiet >"$tmp/train$n.out" 2>&1
	check train "$tmp/train$n.out" "^epoch 2: train loss [0-9.]*, validation loss"
done
if ! cmp -s "$tmp/a1.nnue" "$tmp/a2.nnue"; then
	echo "FAIL: two trainings with one seed gave different networks"
	fail=1
fi
# the portable loops (CONGO_SIMD=portable) make the network
# the vector ones made, byte for byte; so does --bucket-weights
# (the trainer's AVX2 step is the portable one's sums in their order)
CONGO_SIMD=portable "$congo" --train "$tmp/c.dat" -o "$tmp/p.nnue" \
    --epochs 2 --threads 2 --seed 5 --quiet >"$tmp/trainp.out" 2>&1
# (and the same losses, to the sixth decimal: a difference too small to
# survive the rounding to integers shows there)
losses() { sed -n 's/^\(epoch [0-9]*: train loss [0-9.]*, validation loss [0-9.]*\),.*/\1/p' "$1"; }
if ! cmp -s "$tmp/a1.nnue" "$tmp/p.nnue" ||
    [ "$(losses "$tmp/train1.out")" != "$(losses "$tmp/trainp.out")" ] ||
    [ -z "$(losses "$tmp/trainp.out")" ]; then
	echo "FAIL: the portable trainer gave another network than the vector one"
	fail=1
fi
for v in portable avx2; do
	CONGO_SIMD=$v "$congo" --train "$tmp/c.dat" -o "$tmp/bw-$v.nnue" \
	    --epochs 1 --seed 5 --bucket-weights --quiet >/dev/null 2>&1
done
if ! cmp -s "$tmp/bw-portable.nnue" "$tmp/bw-avx2.nnue"; then
	echo "FAIL: --bucket-weights: the portable trainer gave another network"
	fail=1
fi
"$congo" --train "$tmp/c.dat" -o "$tmp/b.nnue" --epochs 2 --threads 2 \
    --seed 6 --quiet >"$tmp/train3.out" 2>&1
if cmp -s "$tmp/a1.nnue" "$tmp/b.nnue"; then
	echo "FAIL: another seed gave the same network"
	fail=1
fi
"$congo" --train "$tmp/m.dat" -o "$tmp/m.nnue" --epochs 1 --quiet \
    >"$tmp/trainm.out" 2>&1
check train-megapawn "$tmp/trainm.out" "^epoch 1: "

# --draw-share: a share of the drawn games' positions is kept (the data
# above has drawn games: the count goes down with the share)
grep -q ' =[1-9]' "$tmp/gen.out" || {
	echo "FAIL: the test's data has no drawn game: $(cat "$tmp/gen.out")"
	fail=1
}
for s in 0 0.5 1; do
	"$congo" --train "$tmp/c.dat" -o "$tmp/d.nnue" --epochs 1 \
	    --draw-share $s 2>&1 |
	    sed -n 's/^congo: \([0-9]*\) training positions, \([0-9]*\) .*/\1 \2/p' \
	    >"$tmp/d$s.n"
done
if ! awk 'FNR == 1 { n[++k] = $1 + $2 } END {
    exit !(k == 3 && n[1] < n[2] && n[2] < n[3]) }' \
    "$tmp/d0.n" "$tmp/d0.5.n" "$tmp/d1.n"; then
	echo "FAIL: --draw-share 0, 0.5, 1 kept $(cat "$tmp/d0.n" \
	    "$tmp/d0.5.n" "$tmp/d1.n" | tr '\n' ' ')positions"
	fail=1
fi
"$congo" --train "$tmp/c.dat" -o "$tmp/d.nnue" --draw-share 2 \
    >"$tmp/dbad.out" 2>&1
check draw-share-bad "$tmp/dbad.out" "--draw-share wants a number 0..1, not '2'"

# --init: training goes on from a network's weights (its validation loss
# before the first step is the one it ended with, but for the rounding),
# and a network of another variant is refused
"$congo" --train "$tmp/c.dat" -o "$tmp/i.nnue" --init "$tmp/a1.nnue" \
    --epochs 1 --seed 5 --quiet >"$tmp/init.out" 2>&1
check init "$tmp/init.out" "^epoch 0: validation loss [0-9.]* ($tmp/a1.nnue)"
check init "$tmp/init.out" "^epoch 1: "
v1=$(sed -n 's/^epoch 2: .*validation loss \([0-9.]*\),.*/\1/p' "$tmp/train1.out")
v0=$(sed -n 's/^epoch 0: validation loss \([0-9.]*\) .*/\1/p' "$tmp/init.out")
if ! awk -v a="$v0" -v b="$v1" 'BEGIN { d = a - b; if (d < 0) d = -d;
    exit !(b > 0 && d < 0.05 * b) }'; then
	echo "FAIL: --init's loss $v0 is not the network's own $v1"
	fail=1
fi
"$congo" --train "$tmp/c.dat" -o "$tmp/i2.nnue" --init "$tmp/m.nnue" \
    --epochs 1 --quiet >"$tmp/initm.out" 2>&1
check init-variant "$tmp/initm.out" "--init $tmp/m.nnue: a network of another variant"

# the engine with the network, then with a damaged copy
printf 'setoption name EvalFile value %s\nposition startpos\ngo depth 3\n' \
    "$tmp/a1.nnue" | "$congo" --engine >"$tmp/engine.out" 2>&1
check engine "$tmp/engine.out" "info string evaluation congo: $tmp/a1.nnue"
check engine "$tmp/engine.out" "^bestmove "
dd if="$tmp/a1.nnue" of="$tmp/bad.nnue" bs=1000 count=1 2>/dev/null
printf 'setoption name EvalFile value %s\nposition startpos\ngo depth 3\n' \
    "$tmp/bad.nnue" | "$congo" --engine >"$tmp/bad.out" 2>&1
check damaged "$tmp/bad.out" "truncated; the hand-made evaluation is used"
check damaged "$tmp/bad.out" "^bestmove "
# the match runner refuses a player whose network is not one
"$congo" --match --white "alphabeta:evalfile=$tmp/bad.nnue,depth=2" \
    --black alphabeta:depth=2 >"$tmp/match.out" 2>&1
check match-refused "$tmp/match.out" "truncated"
# a megapawn network is not used for congo
printf 'setoption name EvalFile value %s\n' "$tmp/m.nnue" |
    "$congo" --engine >"$tmp/mnet.out" 2>&1
check foreign "$tmp/mnet.out" "evaluation megapawn: $tmp/m.nnue"

# bad input
"$congo" --train "$tmp/gen.out" -o "$tmp/x.nnue" >"$tmp/notdata.out" 2>&1
check not-data "$tmp/notdata.out" "is not training data"
"$congo" --train "$tmp/c.dat" >"$tmp/noout.out" 2>&1
check no-out "$tmp/noout.out" "no network file given"
"$congo" --gen-data >"$tmp/nofile.out" 2>&1
check no-file "$tmp/nofile.out" "no output file given"
exit $fail
