testbox
2.6.19
Nov 15 14:30:22 2006
AIM Independent Resource Benchmark - Suite IX "1.1"
5120K
add_double	231505	Thousand Double Precision Additions per second
add_float	65802	Thousand Single Precision Additions per second
add_long	2836146	Thousand Long Integer Additions per second
add_int	33930	Thousand Integer Additions per second
add_short	1160597	Thousand Short Integer Additions per second
creat-clo	330700	File Creations and Closes per second
page_test	31938	System Allocations & Pages per second
brk_test	992800	System Memory Allocations per second
jmp_test	26420	Non-local gotos per second
signal_test	565904	Signal Traps per second
exec_test	33395	Program Loads per second
fork_test	40468	Task Creations per second
link_test	508164	Link/Unlink Pairs per second
disk_rr	11021554	Random Disk Reads (K) per second
disk_rw	50894	Random Disk Writes (K) per second
disk_rd	112813	Sequential Disk Reads (K) per second
disk_wrt	2255457	Sequential Disk Writes (K) per second
disk_cp	27478355	Disk Copies (K) per second
sync_disk_rw	1614513	Sync Random Disk Writes (K) per second
sync_disk_wrt	392175	Sync Sequential Disk Writes (K) per second
sync_disk_cp	34025238	Sync Disk Copies (K) per second
disk_src	27223	Directory Searches per second
div_double	13266600	Thousand Double Precision Divides per second
div_float	182634	Thousand Single Precision Divides per second
div_long	59430	Thousand Long Integer Divides per second
div_int	47964	Thousand Integer Divides per second
div_short	200229	Thousand Short Integer Divides per second
fun_cal	9781492	Function Calls (no arguments) per second
fun_cal1	80187	Function Calls (1 argument) per second
fun_cal2	1617374	Function Calls (2 arguments) per second
fun_cal15	2476604	Function Calls (15 arguments) per second
sieve	354212	Integer Sieves per second
mul_double	1275149	Thousand Double Precision Multiplies per second
mul_float	31200	Thousand Single Precision Multiplies per second
mul_long	32636	Thousand Long Integer Multiplies per second
mul_int	95257	Thousand Integer Multiplies per second
mul_short	3393446	Thousand Short Integer Multiplies per second
num_rtns_1	526481	Numeric Functions per second
new_raph	225680	Zeros Found per second
trig_rtns	1797014	Trigonometric Functions per second
matrix_rtns	602689	Point Transformations per second
array_rtns	198274	Linear Systems Solved per second
string_rtns	8033535	String Manipulations per second
mem_rtns_1	4021978	Dynamic Memory Operations per second
mem_rtns_2	133652	Block Memory Operations per second
sort_rtns_1	1529256	Sort Operations per second
misc_rtns_1	1108511	Auxiliary Loops per second
dir_rtns_1	15827517	Directory Operations per second
shell_rtns_1	4902887	Shell Scripts per second
shell_rtns_2	174453	Shell Scripts per second
shell_rtns_3	35844955	Shell Scripts per second
series_1	47970	Series Evaluations per second
shared_memory	471194	Shared Memory Operations per second
tcp_test	6239119	TCP/IP Messages per second
udp_test	65084	UDP/IP DataGrams per second
fifo_test	787958	FIFO Messages per second
stream_pipe	26013	Stream Pipe Messages per second
dgram_pipe	3124237	DataGram Pipe Messages per second
pipe_cpy	6793210	Pipe Messages per second
ram_copy	1633146	Memory to Memory Copy per second
testbox
2.6.20-rc4
Nov 16 09:12:01 2006
AIM Independent Resource Benchmark - Suite IX "1.1"
5120K
add_double	237600	Thousand Double Precision Additions per second
add_float	64413	Thousand Single Precision Additions per second
add_long	2737574	Thousand Long Integer Additions per second
add_int	33302	Thousand Integer Additions per second
add_short	1220379	Thousand Short Integer Additions per second
creat-clo	324875	File Creations and Closes per second
page_test	29550	System Allocations & Pages per second
brk_test	921115	System Memory Allocations per second
jmp_test	25324	Non-local gotos per second
signal_test	551292	Signal Traps per second
exec_test	34130	Program Loads per second
fork_test	39650	Task Creations per second
link_test	519016	Link/Unlink Pairs per second
disk_rr	10994203	Random Disk Reads (K) per second
disk_rw	52119	Random Disk Writes (K) per second
disk_rd	106687	Sequential Disk Reads (K) per second
disk_wrt	2461479	Sequential Disk Writes (K) per second
disk_cp	25786135	Disk Copies (K) per second
sync_disk_rw	1540849	Sync Random Disk Writes (K) per second
sync_disk_wrt	411748	Sync Sequential Disk Writes (K) per second
sync_disk_cp	34127984	Sync Disk Copies (K) per second
disk_src	27427	Directory Searches per second
div_double	13066766	Thousand Double Precision Divides per second
div_float	186567	Thousand Single Precision Divides per second
div_long	62155	Thousand Long Integer Divides per second
div_int	49294	Thousand Integer Divides per second
div_short	199611	Thousand Short Integer Divides per second
fun_cal	9606387	Function Calls (no arguments) per second
fun_cal1	82780	Function Calls (1 argument) per second
fun_cal2	1723564	Function Calls (2 arguments) per second
fun_cal15	2496318	Function Calls (15 arguments) per second
sieve	350427	Integer Sieves per second
mul_double	1268263	Thousand Double Precision Multiplies per second
mul_float	32238	Thousand Single Precision Multiplies per second
mul_long	32803	Thousand Long Integer Multiplies per second
mul_int	91514	Thousand Integer Multiplies per second
mul_short	3404850	Thousand Short Integer Multiplies per second
num_rtns_1	502191	Numeric Functions per second
new_raph	215164	Zeros Found per second
trig_rtns	1744510	Trigonometric Functions per second
matrix_rtns	637552	Point Transformations per second
array_rtns	189950	Linear Systems Solved per second
string_rtns	8636749	String Manipulations per second
mem_rtns_1	3961077	Dynamic Memory Operations per second
mem_rtns_2	133157	Block Memory Operations per second
sort_rtns_1	1632420	Sort Operations per second
misc_rtns_1	1052097	Auxiliary Loops per second
dir_rtns_1	15322388	Directory Operations per second
shell_rtns_1	5095186	Shell Scripts per second
shell_rtns_2	172020	Shell Scripts per second
shell_rtns_3	34581226	Shell Scripts per second
series_1	50229	Series Evaluations per second
shared_memory	499122	Shared Memory Operations per second
tcp_test	6221658	TCP/IP Messages per second
udp_test	63550	UDP/IP DataGrams per second
fifo_test	843490	FIFO Messages per second
stream_pipe	26003	Stream Pipe Messages per second
dgram_pipe	3306231	DataGram Pipe Messages per second
pipe_cpy	6746340	Pipe Messages per second
ram_copy	1539116	Memory to Memory Copy per second
