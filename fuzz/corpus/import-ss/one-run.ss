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
