# Trend of AIM9 operation rates across tags, written by aimplot (aimkit VERSION).
# Redraw with "gnuplot FILE"; the data are the datablocks below.
# Each $panelN holds one test, one line per tag with results:
#   x min Q1 median Q3 max centre regressed improved change
# x is the tag's position; min to max and the quartiles are those
# of the sample rates; centre is the geometric mean of the per-run
# rates; regressed and improved repeat the centre where the step
# from the previous tag is significant, and change is that step
# in percent; NaN elsewhere.  A timed command (lower is better)
# has times per run instead of rates, each run one process, and
# a rise of its time is a regression.
set encoding utf8
set terminal svg size 800,520 noenhanced font "Sans,8"
$panel1 << EOD
# 11 'exec_test'
0 99.48199 99.80598 99.931 100.2805 100.6822 100 NaN NaN NaN
2 99.38221 99.7059 99.88091 100.1309 100.4818 99.9001 NaN NaN NaN
3 114.519 114.9493 115.2075 115.3813 115.7845 115.1726 NaN 115.1726 15.2878
EOD
$panel2 << EOD
# 12 'fork_test'
0 99.6042 99.7792 100.0536 100.1292 100.5054 100 NaN NaN NaN
1 99.8042 100.1792 100.4042 100.5556 100.9071 100.3756 NaN NaN NaN
2 89.64378 89.93575 90.18362 90.49926 90.81635 90.2024 90.2024 NaN -10.13512
3 89.73378 90.02602 90.1388 90.45408 90.81635 90.20263 NaN NaN NaN
EOD
set style fill solid 0.3 border
set boxwidth 0.5 absolute
set key off
set grid ytics lc rgb "#dddddd"
set offsets 0, 0, graph 0.12, graph 0.05
set xrange [-0.6:3.6]
set xtics ('2.6.21-rc4' 0, '2.6.21' 1, '2.6.21-quicklist' 2, '2.6.22' 3) rotate by 45 right font ",7"
set output '@W@/dir/11-exec_test.svg'
set title 'Box "7" \ 2.6' . "\n11 " . 'exec_test' . "\nbox: quartiles of the samples, whiskers: min and max, dashed: centre of the runs\n▼ regressed, ▲ improved since the previous tag (q ≤ 0.05)"
set ylabel '2.6.21-rc4' . " = 100%" font ",7"
set yrange [0<*:*]
set format y "%.0f%%"
plot $panel1 using 1:3:2:6:5 with candlesticks lc rgb "#3060a0" whiskerbars 0.5, \
	"" using 1:4:4:4:4 with candlesticks lc rgb "#102040" lw 2, \
	"" using 1:7 with lines lc rgb "#808080" dt 2, \
	"" using 1:9 with points pt 9 ps 1.6 lc rgb "#00a000", \
	"" using 1:($9 == $9 ? $6 : NaN):(sprintf("%+.1f%%", $10)) with labels offset 0,1.3 font ",7" tc rgb "#008000"
set output '@W@/dir/12-fork_test.svg'
set title 'Box "7" \ 2.6' . "\n12 " . 'fork_test' . "\nbox: quartiles of the samples, whiskers: min and max, dashed: centre of the runs\n▼ regressed, ▲ improved since the previous tag (q ≤ 0.05)"
set ylabel '2.6.21-rc4' . " = 100%" font ",7"
set yrange [0<*:*]
set format y "%.0f%%"
plot $panel2 using 1:3:2:6:5 with candlesticks lc rgb "#3060a0" whiskerbars 0.5, \
	"" using 1:4:4:4:4 with candlesticks lc rgb "#102040" lw 2, \
	"" using 1:7 with lines lc rgb "#808080" dt 2, \
	"" using 1:8 with points pt 11 ps 1.6 lc rgb "#d00000", \
	"" using 1:($8 == $8 ? $6 : NaN):(sprintf("%+.1f%%", $10)) with labels offset 0,1.3 font ",7" tc rgb "#d00000"
unset output
