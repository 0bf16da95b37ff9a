fastbox
2.6.24
Feb  5 10:00:00 2008
AIM Independent Resource Benchmark - Suite IX "1.1"
5120K
add_double	8162457	Thousand Double Precision Additions per second
add_float	27005614	Thousand Single Precision Additions per second
add_long	1507616	Thousand Long Integer Additions per second
add_int	24126514	Thousand Integer Additions per second
add_short	33037435	Thousand Short Integer Additions per second
creat-clo	39401813	File Creations and Closes per second
page_test	27289675	System Allocations & Pages per second
brk_test	36373836	System Memory Allocations per second
jmp_test	38579294	Non-local gotos per second
signal_test	37374955	Signal Traps per second
exec_test	7929447	Program Loads per second
fork_test	12508156	Task Creations per second
link_test	19373943	Link/Unlink Pairs per second
disk_rr	861320	Random Disk Reads (K) per second
disk_rw	11071512	Random Disk Writes (K) per second
disk_rd	37683923	Sequential Disk Reads (K) per second
disk_wrt	30942577	Sequential Disk Writes (K) per second
disk_cp	36763860	Disk Copies (K) per second
sync_disk_rw	491055	Sync Random Disk Writes (K) per second
sync_disk_wrt	20394929	Sync Sequential Disk Writes (K) per second
sync_disk_cp	32074494	Sync Disk Copies (K) per second
disk_src	29242071	Directory Searches per second
div_double	19105863	Thousand Double Precision Divides per second
div_float	39305107	Thousand Single Precision Divides per second
div_long	10821523	Thousand Long Integer Divides per second
div_int	28161372	Thousand Integer Divides per second
div_short	16999513	Thousand Short Integer Divides per second
fun_cal	19409175	Function Calls (no arguments) per second
fun_cal1	8342793	Function Calls (1 argument) per second
fun_cal2	10768874	Function Calls (2 arguments) per second
fun_cal15	27290561	Function Calls (15 arguments) per second
sieve	16461586	Integer Sieves per second
mul_double	12210769	Thousand Double Precision Multiplies per second
mul_float	9281372	Thousand Single Precision Multiplies per second
mul_long	10131967	Thousand Long Integer Multiplies per second
mul_int	5827761	Thousand Integer Multiplies per second
mul_short	9230744	Thousand Short Integer Multiplies per second
num_rtns_1	58709	Numeric Functions per second
new_raph	34951919	Zeros Found per second
trig_rtns	1535726	Trigonometric Functions per second
matrix_rtns	10270632	Point Transformations per second
array_rtns	36218547	Linear Systems Solved per second
string_rtns	39622323	String Manipulations per second
mem_rtns_1	10351753	Dynamic Memory Operations per second
mem_rtns_2	18089656	Block Memory Operations per second
sort_rtns_1	8305832	Sort Operations per second
misc_rtns_1	39645001	Auxiliary Loops per second
dir_rtns_1	15430843	Directory Operations per second
shell_rtns_1	38451054	Shell Scripts per second
shell_rtns_2	20730453	Shell Scripts per second
shell_rtns_3	34548576	Shell Scripts per second
series_1	7818530	Series Evaluations per second
shared_memory	31158575	Shared Memory Operations per second
tcp_test	33519799	TCP/IP Messages per second
udp_test	14769194	UDP/IP DataGrams per second
fifo_test	31410334	FIFO Messages per second
stream_pipe	22797191	Stream Pipe Messages per second
dgram_pipe	32345669	DataGram Pipe Messages per second
pipe_cpy	8651673	Pipe Messages per second
ram_copy	-2147483648	Memory to Memory Copy per second
fastbox
2.6.25-rc1
Feb  5 10:00:00 2008
AIM Independent Resource Benchmark - Suite IX "1.1"
5120K
add_double	16322460	Thousand Double Precision Additions per second
add_float	37057693	Thousand Single Precision Additions per second
add_long	4634376	Thousand Long Integer Additions per second
add_int	10747707	Thousand Integer Additions per second
add_short	27304434	Thousand Short Integer Additions per second
creat-clo	24723043	File Creations and Closes per second
page_test	18836188	System Allocations & Pages per second
brk_test	37864074	System Memory Allocations per second
jmp_test	12990471	Non-local gotos per second
signal_test	30580054	Signal Traps per second
exec_test	15714132	Program Loads per second
fork_test	20770717	Task Creations per second
link_test	18000318	Link/Unlink Pairs per second
disk_rr	22440602	Random Disk Reads (K) per second
disk_rw	33774272	Random Disk Writes (K) per second
disk_rd	7796612	Sequential Disk Reads (K) per second
disk_wrt	4262369	Sequential Disk Writes (K) per second
disk_cp	38612672	Disk Copies (K) per second
sync_disk_rw	4819831	Sync Random Disk Writes (K) per second
sync_disk_wrt	32798068	Sync Sequential Disk Writes (K) per second
sync_disk_cp	12039841	Sync Disk Copies (K) per second
disk_src	22323311	Directory Searches per second
div_double	15884785	Thousand Double Precision Divides per second
div_float	23073093	Thousand Single Precision Divides per second
div_long	23362721	Thousand Long Integer Divides per second
div_int	9988019	Thousand Integer Divides per second
div_short	8785824	Thousand Short Integer Divides per second
fun_cal	9155593	Function Calls (no arguments) per second
fun_cal1	34429195	Function Calls (1 argument) per second
fun_cal2	9322343	Function Calls (2 arguments) per second
fun_cal15	5734604	Function Calls (15 arguments) per second
sieve	9994557	Integer Sieves per second
mul_double	2699488	Thousand Double Precision Multiplies per second
mul_float	28359854	Thousand Single Precision Multiplies per second
mul_long	32851813	Thousand Long Integer Multiplies per second
mul_int	11503793	Thousand Integer Multiplies per second
mul_short	33100397	Thousand Short Integer Multiplies per second
num_rtns_1	34745477	Numeric Functions per second
new_raph	13232511	Zeros Found per second
trig_rtns	33157041	Trigonometric Functions per second
matrix_rtns	26034876	Point Transformations per second
array_rtns	36849749	Linear Systems Solved per second
string_rtns	14360558	String Manipulations per second
mem_rtns_1	1544001	Dynamic Memory Operations per second
mem_rtns_2	23207512	Block Memory Operations per second
sort_rtns_1	6878560	Sort Operations per second
misc_rtns_1	25822021	Auxiliary Loops per second
dir_rtns_1	36893894	Directory Operations per second
shell_rtns_1	1902202	Shell Scripts per second
shell_rtns_2	9151207	Shell Scripts per second
shell_rtns_3	12831183	Shell Scripts per second
series_1	20172169	Series Evaluations per second
shared_memory	4188753	Shared Memory Operations per second
tcp_test	17265731	TCP/IP Messages per second
udp_test	2039489	UDP/IP DataGrams per second
fifo_test	31650776	FIFO Messages per second
stream_pipe	21975928	Stream Pipe Messages per second
dgram_pipe	15193103	DataGram Pipe Messages per second
pipe_cpy	16489316	Pipe Messages per second
ram_copy	-2147483648	Memory to Memory Copy per second
