fastbox
2.6.24
Feb  5 10:00:00 2008
AIM Independent Resource Benchmark - Suite IX "1.1"
5120K
add_double	6566236	Thousand Double Precision Additions per second
add_float	5032383	Thousand Single Precision Additions per second
add_long	36286483	Thousand Long Integer Additions per second
add_int	5990804	Thousand Integer Additions per second
add_short	18385905	Thousand Short Integer Additions per second
creat-clo	19173716	File Creations and Closes per second
page_test	39456774	System Allocations & Pages per second
brk_test	33584793	System Memory Allocations per second
jmp_test	11892977	Non-local gotos per second
signal_test	18875708	Signal Traps per second
exec_test	28011794	Program Loads per second
fork_test	27307927	Task Creations per second
link_test	23679183	Link/Unlink Pairs per second
disk_rr	19275058	Random Disk Reads (K) per second
disk_rw	26393949	Random Disk Writes (K) per second
disk_rd	23150628	Sequential Disk Reads (K) per second
disk_wrt	26414247	Sequential Disk Writes (K) per second
disk_cp	7663713	Disk Copies (K) per second
sync_disk_rw	23921713	Sync Random Disk Writes (K) per second
sync_disk_wrt	35032445	Sync Sequential Disk Writes (K) per second
sync_disk_cp	38941237	Sync Disk Copies (K) per second
disk_src	411468	Directory Searches per second
div_double	8246304	Thousand Double Precision Divides per second
div_float	1545792	Thousand Single Precision Divides per second
div_long	36896442	Thousand Long Integer Divides per second
div_int	4666216	Thousand Integer Divides per second
div_short	21714421	Thousand Short Integer Divides per second
fun_cal	36167758	Function Calls (no arguments) per second
fun_cal1	22858017	Function Calls (1 argument) per second
fun_cal2	13232980	Function Calls (2 arguments) per second
fun_cal15	18932791	Function Calls (15 arguments) per second
sieve	8162457	Integer Sieves per second
mul_double	27005614	Thousand Double Precision Multiplies per second
mul_float	1507616	Thousand Single Precision Multiplies per second
mul_long	24126514	Thousand Long Integer Multiplies per second
mul_int	33037435	Thousand Integer Multiplies per second
mul_short	39401813	Thousand Short Integer Multiplies per second
num_rtns_1	27289675	Numeric Functions per second
new_raph	36373836	Zeros Found per second
trig_rtns	38579294	Trigonometric Functions per second
matrix_rtns	37374955	Point Transformations per second
array_rtns	7929447	Linear Systems Solved per second
string_rtns	12508156	String Manipulations per second
mem_rtns_1	19373943	Dynamic Memory Operations per second
mem_rtns_2	861320	Block Memory Operations per second
sort_rtns_1	11071512	Sort Operations per second
misc_rtns_1	37683923	Auxiliary Loops per second
dir_rtns_1	30942577	Directory Operations per second
shell_rtns_1	36763860	Shell Scripts per second
shell_rtns_2	491055	Shell Scripts per second
shell_rtns_3	20394929	Shell Scripts per second
series_1	32074494	Series Evaluations per second
shared_memory	29242071	Shared Memory Operations per second
tcp_test	19105863	TCP/IP Messages per second
udp_test	39305107	UDP/IP DataGrams per second
fifo_test	10821523	FIFO Messages per second
stream_pipe	28161372	Stream Pipe Messages per second
dgram_pipe	16999513	DataGram Pipe Messages per second
pipe_cpy	19409175	Pipe Messages per second
ram_copy	-2147483648	Memory to Memory Copy per second
fastbox
2.6.25-rc1
Feb  5 10:00:00 2008
AIM Independent Resource Benchmark - Suite IX "1.1"
5120K
add_double	8342793	Thousand Double Precision Additions per second
add_float	10768874	Thousand Single Precision Additions per second
add_long	27290561	Thousand Long Integer Additions per second
add_int	16461586	Thousand Integer Additions per second
add_short	12210769	Thousand Short Integer Additions per second
creat-clo	9281372	File Creations and Closes per second
page_test	10131967	System Allocations & Pages per second
brk_test	5827761	System Memory Allocations per second
jmp_test	9230744	Non-local gotos per second
signal_test	58709	Signal Traps per second
exec_test	34951919	Program Loads per second
fork_test	1535726	Task Creations per second
link_test	10270632	Link/Unlink Pairs per second
disk_rr	36218547	Random Disk Reads (K) per second
disk_rw	39622323	Random Disk Writes (K) per second
disk_rd	10351753	Sequential Disk Reads (K) per second
disk_wrt	18089656	Sequential Disk Writes (K) per second
disk_cp	8305832	Disk Copies (K) per second
sync_disk_rw	39645001	Sync Random Disk Writes (K) per second
sync_disk_wrt	15430843	Sync Sequential Disk Writes (K) per second
sync_disk_cp	38451054	Sync Disk Copies (K) per second
disk_src	20730453	Directory Searches per second
div_double	34548576	Thousand Double Precision Divides per second
div_float	7818530	Thousand Single Precision Divides per second
div_long	31158575	Thousand Long Integer Divides per second
div_int	33519799	Thousand Integer Divides per second
div_short	14769194	Thousand Short Integer Divides per second
fun_cal	31410334	Function Calls (no arguments) per second
fun_cal1	22797191	Function Calls (1 argument) per second
fun_cal2	32345669	Function Calls (2 arguments) per second
fun_cal15	8651673	Function Calls (15 arguments) per second
sieve	16322460	Integer Sieves per second
mul_double	37057693	Thousand Double Precision Multiplies per second
mul_float	4634376	Thousand Single Precision Multiplies per second
mul_long	10747707	Thousand Long Integer Multiplies per second
mul_int	27304434	Thousand Integer Multiplies per second
mul_short	24723043	Thousand Short Integer Multiplies per second
num_rtns_1	18836188	Numeric Functions per second
new_raph	37864074	Zeros Found per second
trig_rtns	12990471	Trigonometric Functions per second
matrix_rtns	30580054	Point Transformations per second
array_rtns	15714132	Linear Systems Solved per second
string_rtns	20770717	String Manipulations per second
mem_rtns_1	18000318	Dynamic Memory Operations per second
mem_rtns_2	22440602	Block Memory Operations per second
sort_rtns_1	33774272	Sort Operations per second
misc_rtns_1	7796612	Auxiliary Loops per second
dir_rtns_1	4262369	Directory Operations per second
shell_rtns_1	38612672	Shell Scripts per second
shell_rtns_2	4819831	Shell Scripts per second
shell_rtns_3	32798068	Shell Scripts per second
series_1	12039841	Series Evaluations per second
shared_memory	22323311	Shared Memory Operations per second
tcp_test	15884785	TCP/IP Messages per second
udp_test	23073093	UDP/IP DataGrams per second
fifo_test	23362721	FIFO Messages per second
stream_pipe	9988019	Stream Pipe Messages per second
dgram_pipe	8785824	DataGram Pipe Messages per second
pipe_cpy	9155593	Pipe Messages per second
ram_copy	-2147483648	Memory to Memory Copy per second
