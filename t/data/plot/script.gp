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
$panel1 << EOD
# 3 'add_long'
0 4000000 4000000 4000000 4000000 4000000 4000000 NaN NaN NaN
1 3976032 3989980 4001980 4013976 4028040 4001762 NaN NaN NaN
2 3976032 3988982 3995984 4005984 4020024 3996773 NaN NaN NaN
3 3980024 3992986 3997988 4011972 4028040 4000769 NaN NaN NaN
4 3976032 3988982 3999976 4013976 4028040 4000759 NaN NaN NaN
5 3984016 3998986 4007968 4014012 4028040 4006775 NaN NaN NaN
EOD
$panel2 << EOD
# 11 'exec_test'
0 900.99 900.99 900.99 900.99 900.99 900.99 NaN NaN NaN
1 895.5054 898.4219 899.5473 902.6937 906.309 900.1684 NaN NaN NaN
3 894.6072 897.5209 899.0964 901.3464 904.5054 899.2691 NaN NaN NaN
4 1030.864 1034.738 1037.062 1038.626 1042.255 1036.748 NaN 1036.748 15.2878
5 1028.798 1030.604 1033.44 1033.962 1038.107 1032.868 NaN NaN NaN
EOD
$panel3 << EOD
# 12 'fork_test'
0 2731.71 2731.71 2731.71 2731.71 2731.71 2731.71 NaN NaN NaN
1 2683.822 2688.537 2695.931 2697.968 2708.105 2694.487 NaN NaN NaN
2 2689.211 2699.316 2705.378 2709.458 2718.927 2704.607 NaN NaN NaN
3 2415.439 2423.307 2429.985 2438.49 2447.034 2430.492 2430.492 NaN -10.13512
4 2417.865 2425.739 2428.778 2437.273 2447.034 2430.498 NaN NaN NaN
5 2415.439 2423.307 2427.56 2433.635 2442.165 2428.07 NaN NaN NaN
EOD
set style fill solid 0.3 border
set boxwidth 0.5 absolute
set key off
set grid ytics lc rgb "#dddddd"
set offsets 0, 0, graph 0.12, graph 0.05
set xrange [-0.6:5.6]
set xtics ('2.6.20' 0, '2.6.21-rc4' 1, '2.6.21' 2, '2.6.21-quicklist' 3, '2.6.22' 4, 'baseline' 5) rotate by 45 right font ",7"
set terminal pngcairo size 760,650 noenhanced font "Sans,8"
set output '@W@/trend.png'
set multiplot layout 2,2 title 'AIM9 operation rates by tag: host unknown, suite aim9' . "\nbox: quartiles of the samples, whiskers: min and max, dashed: centre of the runs\n▼ regressed, ▲ improved since the previous tag (q ≤ 0.05)" font ",10"
set title "3 " . 'add_long'
set ylabel 'Thousand Long Integer Additions/second' font ",7"
set yrange [0<*:*]
set format y "%.3s%c"
plot $panel1 using 1:3:2:6:5 with candlesticks lc rgb "#3060a0" whiskerbars 0.5, \
	"" using 1:4:4:4:4 with candlesticks lc rgb "#102040" lw 2, \
	"" using 1:7 with lines lc rgb "#808080" dt 2
set title "11 " . 'exec_test'
set ylabel 'Program Loads/second' font ",7"
set yrange [0<*:*]
set format y "%.2s%c"
plot $panel2 using 1:3:2:6:5 with candlesticks lc rgb "#3060a0" whiskerbars 0.5, \
	"" using 1:4:4:4:4 with candlesticks lc rgb "#102040" lw 2, \
	"" using 1:7 with lines lc rgb "#808080" dt 2, \
	"" using 1:9 with points pt 9 ps 1.6 lc rgb "#00a000", \
	"" using 1:($9 == $9 ? $6 : NaN):(sprintf("%+.1f%%", $10)) with labels offset 0,1.3 font ",7" tc rgb "#008000"
set title "12 " . 'fork_test'
set ylabel 'Task Creations/second' font ",7"
set yrange [0<*:*]
set format y "%.2s%c"
plot $panel3 using 1:3:2:6:5 with candlesticks lc rgb "#3060a0" whiskerbars 0.5, \
	"" using 1:4:4:4:4 with candlesticks lc rgb "#102040" lw 2, \
	"" using 1:7 with lines lc rgb "#808080" dt 2, \
	"" using 1:8 with points pt 11 ps 1.6 lc rgb "#d00000", \
	"" using 1:($8 == $8 ? $6 : NaN):(sprintf("%+.1f%%", $10)) with labels offset 0,1.3 font ",7" tc rgb "#d00000"
unset multiplot
unset output
