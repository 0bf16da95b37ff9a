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
testbox
2.6.19
Nov 15 14:30:22 2006
AIM Independent Resource Benchmark - Suite IX "1.1"
5120K
add_double	231505	Thousand Double Precision Additions per second
add_float	65802	Thousand Single Precision Additions per second
add_long	2836146	Thousand Long Integer Additions per second
add_int	33930	Thousand Integer Additions per second
