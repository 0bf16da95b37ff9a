-- An aimkit database of schema version 5 (sqlite3 .dump, then its two
-- pragmas), written by aimrun and aimdb import before version 6: results
-- without the kernel's monitors and log.
PRAGMA foreign_keys=OFF;
BEGIN TRANSACTION;
CREATE TABLE run (
	id INTEGER PRIMARY KEY,
	tag TEXT NOT NULL,
	suite TEXT NOT NULL,
	options TEXT NOT NULL,
	started_utc TEXT NOT NULL,
	ended_utc TEXT,
	status TEXT NOT NULL
		CHECK (status IN ('incomplete', 'complete')),
	source TEXT NOT NULL,
	source_file TEXT,
	aim_version TEXT NOT NULL,
	host TEXT
, uuid TEXT);
INSERT INTO run VALUES(1,'v5-run','tests','duration_s=0.020 runs=2 filesize_k=5120 memsize=134217728 latency=0 zerosize=0 dir=/tmp/scv5/s','2026-12-06T06:46:05Z','2026-12-06T06:46:05Z','complete','aimrun',NULL,'0.1.0','vm','245a922b-67ee-4136-8044-801c32bc7bbe');
INSERT INTO run VALUES(2,'v5-imp','aim9','','2026-12-06T06:46:05Z','2026-12-06T06:46:05Z','complete','import-console','/work/wt/i30b/t/data/report/bare.txt','0.1.0',NULL,'ad847359-7d23-4cb0-aff4-719b4aea847c');
CREATE TABLE run_env (
	run_id INTEGER NOT NULL REFERENCES run (id) ON DELETE CASCADE,
	key TEXT NOT NULL,
	value TEXT NOT NULL,
	PRIMARY KEY (run_id, key)
);
INSERT INTO run_env VALUES(1,'uname.sysname','Linux');
INSERT INTO run_env VALUES(1,'uname.release','6.18.44-fc-v1272');
INSERT INTO run_env VALUES(1,'uname.version','#1 SMP PREEMPT_DYNAMIC @0');
INSERT INTO run_env VALUES(1,'uname.machine','x86_64');
INSERT INTO run_env VALUES(1,'hostname','vm');
INSERT INTO run_env VALUES(1,'kernel.cmdline','mitigations=auto,no_guest_host,no_guest_guest console=ttyS0 quiet reboot=k panic=1 nomodule random.trust_cpu=1 swiotlb=noforce psi=1 nvproxy.enable=1 page_reporting.page_reporting_order=11 deferred_init=lazy nested_pvm=1 rcupdate.rcu_cpu_stall_cputime=1 cpuidle_haltpoll.force=1 haltpoll.guest_halt_poll_ns=0 sched_vcpu_pack=15 rdinit=/process_api -- --firecracker-init --addr 0.0.0.0:2024 --max-ws-buffer-size 32768 --block-local-connections --log-vsock-port 5002 --control-vsock-port 5001 --listen-vsock-port 2024 --tcp-readiness-only --auth-required');
INSERT INTO run_env VALUES(1,'boot_id','782a0471-0a9c-4ef5-a1b8-23e9ad127b32');
INSERT INTO run_env VALUES(1,'cpu.model','AMD EPYC');
INSERT INTO run_env VALUES(1,'cpu.count_online','2');
INSERT INTO run_env VALUES(1,'cpu.microcode','0x1000065');
INSERT INTO run_env VALUES(1,'mem.total_bytes','25276194816');
INSERT INTO run_env VALUES(1,'cpufreq.governor','none');
INSERT INTO run_env VALUES(1,'cpufreq.boost','unknown');
INSERT INTO run_env VALUES(1,'smt.active','0');
INSERT INTO run_env VALUES(1,'thp.enabled','madvise');
INSERT INTO run_env VALUES(1,'thp.defrag','madvise');
INSERT INTO run_env VALUES(1,'thp.use_zero_page','1');
INSERT INTO run_env VALUES(1,'kernel.randomize_va_space','2');
INSERT INTO run_env VALUES(1,'mitigations','gather_data_sampling: Not affected; ghostwrite: Not affected; indirect_target_selection: Not affected; itlb_multihit: Not affected; l1tf: Not affected; mds: Not affected; meltdown: Not affected; mmio_stale_data: Not affected; old_microcode: Not affected; reg_file_data_sampling: Not affected; retbleed: Not affected; spec_rstack_overflow: Vulnerable: Safe RET, no microcode; spec_store_bypass: Vulnerable; spectre_v1: Mitigation: usercopy/swapgs barriers and __user pointer sanitization; spectre_v2: Mitigation: Retpolines; STIBP: disabled; RSB filling; PBRSB-eIBRS: Not affected; BHI: Not affected; srbds: Not affected; tsa: Vulnerable: No microcode; tsx_async_abort: Not affected; vmscape: Not affected');
INSERT INTO run_env VALUES(1,'scratch.fstype','ext2/3/4');
INSERT INTO run_env VALUES(1,'scratch.dir','/tmp/scv5/s');
INSERT INTO run_env VALUES(1,'cc.version','gcc (Debian 12.2.0-14+deb12u1) 12.2.0');
INSERT INTO run_env VALUES(1,'cflags','-O2 -g -O2');
INSERT INTO run_env VALUES(1,'aimkit.version','0.1.0');
INSERT INTO run_env VALUES(1,'cpu.pinned','none');
INSERT INTO run_env VALUES(1,'canary.loop','xorshift64 x 1000000, median of 3, ns');
INSERT INTO run_env VALUES(1,'counters','none');
INSERT INTO run_env VALUES(1,'canary.round.1','1657810');
INSERT INTO run_env VALUES(1,'canary.round.2','4515087');
INSERT INTO run_env VALUES(2,'environment','unknown');
CREATE TABLE result (
	id INTEGER PRIMARY KEY,
	run_id INTEGER NOT NULL REFERENCES run (id) ON DELETE CASCADE,
	number INTEGER NOT NULL,
	test TEXT NOT NULL,
	rep INTEGER NOT NULL,
	status TEXT NOT NULL
		CHECK (status IN ('ok', 'skip', 'fail', 'timeout', 'crash')),
	reason TEXT,
	factor INTEGER NOT NULL,
	units TEXT NOT NULL,
	finished_utc TEXT NOT NULL,
	warmup_calls INTEGER,
	warmup_ns INTEGER,
	source_line INTEGER, judged TEXT NOT NULL DEFAULT 'mean'
	CHECK (judged IN ('mean', 'peak')), better TEXT NOT NULL DEFAULT 'higher'
	CHECK (better IN ('higher', 'lower')), copies INTEGER NOT NULL DEFAULT 1
	CHECK (copies >= 1),
	UNIQUE (run_id, test, rep)
);
INSERT INTO result VALUES(1,1,3,'add_long',1,'ok',NULL,60000,'Thousand Long Integer Additions/second','2026-12-06T06:46:05Z',1,48412491,0,'peak','higher',1);
INSERT INTO result VALUES(2,1,7,'page_test',1,'ok',NULL,1700,'System Allocations & Pages/second','2026-12-06T06:46:05Z',1,20348128,0,'mean','higher',1);
INSERT INTO result VALUES(3,1,12,'fork_test',1,'ok',NULL,100,'Task Creations/second','2026-12-06T06:46:05Z',1,45464455,0,'mean','higher',1);
INSERT INTO result VALUES(4,1,3,'add_long',2,'ok',NULL,60000,'Thousand Long Integer Additions/second','2026-12-06T06:46:05Z',1,9181651,0,'peak','higher',1);
INSERT INTO result VALUES(5,1,7,'page_test',2,'ok',NULL,1700,'System Allocations & Pages/second','2026-12-06T06:46:05Z',1,9472694,0,'mean','higher',1);
INSERT INTO result VALUES(6,1,12,'fork_test',2,'ok',NULL,100,'Task Creations/second','2026-12-06T06:46:05Z',1,39306374,0,'mean','higher',1);
INSERT INTO result VALUES(7,2,1,'add_double',1,'ok',NULL,18000,'Thousand Double Precision Additions/second','2026-12-06T06:46:05Z',NULL,NULL,23,'peak','higher',1);
INSERT INTO result VALUES(8,2,2,'add_float',1,'ok',NULL,12000,'Thousand Single Precision Additions/second','2026-12-06T06:46:05Z',NULL,NULL,24,'peak','higher',1);
INSERT INTO result VALUES(9,2,3,'add_long',1,'ok',NULL,60000,'Thousand Long Integer Additions/second','2026-12-06T06:46:05Z',NULL,NULL,25,'peak','higher',1);
INSERT INTO result VALUES(10,2,4,'add_int',1,'ok',NULL,60000,'Thousand Integer Additions/second','2026-12-06T06:46:05Z',NULL,NULL,26,'peak','higher',1);
INSERT INTO result VALUES(11,2,5,'add_short',1,'ok',NULL,24000,'Thousand Short Integer Additions/second','2026-12-06T06:46:05Z',NULL,NULL,27,'peak','higher',1);
INSERT INTO result VALUES(12,2,6,'creat-clo',1,'ok',NULL,1000,'File Creations and Closes/second','2026-12-06T06:46:05Z',NULL,NULL,28,'mean','higher',1);
INSERT INTO result VALUES(13,2,7,'page_test',1,'ok',NULL,1700,'System Allocations & Pages/second','2026-12-06T06:46:05Z',NULL,NULL,29,'mean','higher',1);
INSERT INTO result VALUES(14,2,8,'brk_test',1,'ok',NULL,17000,'System Memory Allocations/second','2026-12-06T06:46:05Z',NULL,NULL,30,'mean','higher',1);
INSERT INTO result VALUES(15,2,9,'jmp_test',1,'ok',NULL,1000,'Non-local gotos/second','2026-12-06T06:46:05Z',NULL,NULL,31,'peak','higher',1);
INSERT INTO result VALUES(16,2,10,'signal_test',1,'ok',NULL,1000,'Signal Traps/second','2026-12-06T06:46:05Z',NULL,NULL,32,'mean','higher',1);
INSERT INTO result VALUES(17,2,11,'exec_test',1,'ok',NULL,5,'Program Loads/second','2026-12-06T06:46:05Z',NULL,NULL,33,'mean','higher',1);
INSERT INTO result VALUES(18,2,12,'fork_test',1,'ok',NULL,100,'Task Creations/second','2026-12-06T06:46:05Z',NULL,NULL,34,'mean','higher',1);
INSERT INTO result VALUES(19,2,13,'link_test',1,'ok',NULL,63,'Link/Unlink Pairs/second','2026-12-06T06:46:05Z',NULL,NULL,35,'mean','higher',1);
INSERT INTO result VALUES(20,2,14,'disk_rr',1,'ok',NULL,5120,'Random Disk Reads (K)/second','2026-12-06T06:46:05Z',NULL,NULL,36,'mean','higher',1);
INSERT INTO result VALUES(21,2,15,'disk_rw',1,'ok',NULL,5120,'Random Disk Writes (K)/second','2026-12-06T06:46:05Z',NULL,NULL,37,'mean','higher',1);
INSERT INTO result VALUES(22,2,16,'disk_rd',1,'ok',NULL,5120,'Sequential Disk Reads (K)/second','2026-12-06T06:46:05Z',NULL,NULL,38,'mean','higher',1);
INSERT INTO result VALUES(23,2,17,'disk_wrt',1,'ok',NULL,5120,'Sequential Disk Writes (K)/second','2026-12-06T06:46:05Z',NULL,NULL,39,'mean','higher',1);
INSERT INTO result VALUES(24,2,18,'disk_cp',1,'ok',NULL,5120,'Disk Copies (K)/second','2026-12-06T06:46:05Z',NULL,NULL,40,'mean','higher',1);
INSERT INTO result VALUES(25,2,19,'sync_disk_rw',1,'ok',NULL,2560,'Sync Random Disk Writes (K)/second','2026-12-06T06:46:05Z',NULL,NULL,41,'mean','higher',1);
INSERT INTO result VALUES(26,2,20,'sync_disk_wrt',1,'ok',NULL,2560,'Sync Sequential Disk Writes (K)/second','2026-12-06T06:46:05Z',NULL,NULL,42,'mean','higher',1);
INSERT INTO result VALUES(27,2,21,'sync_disk_cp',1,'ok',NULL,2560,'Sync Disk Copies (K)/second','2026-12-06T06:46:05Z',NULL,NULL,43,'mean','higher',1);
INSERT INTO result VALUES(28,2,22,'disk_src',1,'ok',NULL,75,'Directory Searches/second','2026-12-06T06:46:05Z',NULL,NULL,44,'mean','higher',1);
INSERT INTO result VALUES(29,2,23,'div_double',1,'ok',NULL,3000,'Thousand Double Precision Divides/second','2026-12-06T06:46:05Z',NULL,NULL,45,'peak','higher',1);
INSERT INTO result VALUES(30,2,24,'div_float',1,'ok',NULL,3000,'Thousand Single Precision Divides/second','2026-12-06T06:46:05Z',NULL,NULL,46,'peak','higher',1);
INSERT INTO result VALUES(31,2,25,'div_long',1,'ok',NULL,900,'Thousand Long Integer Divides/second','2026-12-06T06:46:05Z',NULL,NULL,47,'peak','higher',1);
INSERT INTO result VALUES(32,2,26,'div_int',1,'ok',NULL,900,'Thousand Integer Divides/second','2026-12-06T06:46:05Z',NULL,NULL,48,'peak','higher',1);
INSERT INTO result VALUES(33,2,27,'div_short',1,'ok',NULL,900,'Thousand Short Integer Divides/second','2026-12-06T06:46:05Z',NULL,NULL,49,'peak','higher',1);
INSERT INTO result VALUES(34,2,28,'fun_cal',1,'ok',NULL,512000,'Function Calls (no arguments)/second','2026-12-06T06:46:05Z',NULL,NULL,50,'peak','higher',1);
INSERT INTO result VALUES(35,2,29,'fun_cal1',1,'ok',NULL,512000,'Function Calls (1 argument)/second','2026-12-06T06:46:05Z',NULL,NULL,51,'peak','higher',1);
INSERT INTO result VALUES(36,2,30,'fun_cal2',1,'ok',NULL,512000,'Function Calls (2 arguments)/second','2026-12-06T06:46:05Z',NULL,NULL,52,'peak','higher',1);
INSERT INTO result VALUES(37,2,31,'fun_cal15',1,'ok',NULL,512000,'Function Calls (15 arguments)/second','2026-12-06T06:46:05Z',NULL,NULL,53,'peak','higher',1);
INSERT INTO result VALUES(38,2,32,'sieve',1,'ok',NULL,5,'Integer Sieves/second','2026-12-06T06:46:05Z',NULL,NULL,54,'peak','higher',1);
INSERT INTO result VALUES(39,2,33,'mul_double',1,'ok',NULL,12000,'Thousand Double Precision Multiplies/second','2026-12-06T06:46:05Z',NULL,NULL,55,'peak','higher',1);
INSERT INTO result VALUES(40,2,34,'mul_float',1,'ok',NULL,12000,'Thousand Single Precision Multiplies/second','2026-12-06T06:46:05Z',NULL,NULL,56,'peak','higher',1);
INSERT INTO result VALUES(41,2,35,'mul_long',1,'ok',NULL,240,'Thousand Long Integer Multiplies/second','2026-12-06T06:46:05Z',NULL,NULL,57,'peak','higher',1);
INSERT INTO result VALUES(42,2,36,'mul_int',1,'ok',NULL,240,'Thousand Integer Multiplies/second','2026-12-06T06:46:05Z',NULL,NULL,58,'peak','higher',1);
INSERT INTO result VALUES(43,2,37,'mul_short',1,'ok',NULL,300,'Thousand Short Integer Multiplies/second','2026-12-06T06:46:05Z',NULL,NULL,59,'peak','higher',1);
INSERT INTO result VALUES(44,2,38,'num_rtns_1',1,'ok',NULL,100,'Numeric Functions/second','2026-12-06T06:46:05Z',NULL,NULL,60,'peak','higher',1);
INSERT INTO result VALUES(45,2,39,'new_raph',1,'fail','Unable to solve equation in 100 tries. P = 1.5708, P0 = 1.5708, delta = 3.1e-17; new_raph: Success; *** Failed to execute new_raph  ***',200,'Zeros Found/second','2026-12-06T06:46:05Z',NULL,NULL,61,'peak','higher',1);
INSERT INTO result VALUES(46,2,40,'trig_rtns',1,'ok',NULL,10000,'Trigonometric Functions/second','2026-12-06T06:46:05Z',NULL,NULL,65,'peak','higher',1);
INSERT INTO result VALUES(47,2,41,'matrix_rtns',1,'ok',NULL,100,'Point Transformations/second','2026-12-06T06:46:05Z',NULL,NULL,66,'peak','higher',1);
INSERT INTO result VALUES(48,2,42,'array_rtns',1,'ok',NULL,20,'Linear Systems Solved/second','2026-12-06T06:46:05Z',NULL,NULL,67,'peak','higher',1);
INSERT INTO result VALUES(49,2,43,'string_rtns',1,'ok',NULL,100,'String Manipulations/second','2026-12-06T06:46:05Z',NULL,NULL,68,'mean','higher',1);
INSERT INTO result VALUES(50,2,44,'mem_rtns_1',1,'ok',NULL,30000,'Dynamic Memory Operations/second','2026-12-06T06:46:05Z',NULL,NULL,69,'peak','higher',1);
INSERT INTO result VALUES(51,2,45,'mem_rtns_2',1,'ok',NULL,100,'Block Memory Operations/second','2026-12-06T06:46:05Z',NULL,NULL,70,'peak','higher',1);
INSERT INTO result VALUES(52,2,46,'sort_rtns_1',1,'ok',NULL,10,'Sort Operations/second','2026-12-06T06:46:05Z',NULL,NULL,71,'peak','higher',1);
INSERT INTO result VALUES(53,2,47,'misc_rtns_1',1,'ok',NULL,10,'Auxiliary Loops/second','2026-12-06T06:46:05Z',NULL,NULL,72,'mean','higher',1);
INSERT INTO result VALUES(54,2,48,'dir_rtns_1',1,'ok',NULL,10000,'Directory Operations/second','2026-12-06T06:46:05Z',NULL,NULL,73,'mean','higher',1);
INSERT INTO result VALUES(55,2,49,'shell_rtns_1',1,'ok',NULL,1,'Shell Scripts/second','2026-12-06T06:46:05Z',NULL,NULL,74,'mean','higher',1);
INSERT INTO result VALUES(56,2,50,'shell_rtns_2',1,'ok',NULL,1,'Shell Scripts/second','2026-12-06T06:46:05Z',NULL,NULL,75,'mean','higher',1);
INSERT INTO result VALUES(57,2,51,'shell_rtns_3',1,'ok',NULL,1,'Shell Scripts/second','2026-12-06T06:46:05Z',NULL,NULL,76,'mean','higher',1);
INSERT INTO result VALUES(58,2,52,'series_1',1,'ok',NULL,100,'Series Evaluations/second','2026-12-06T06:46:05Z',NULL,NULL,77,'peak','higher',1);
INSERT INTO result VALUES(59,2,53,'shared_memory',1,'ok',NULL,100,'Shared Memory Operations/second','2026-12-06T06:46:05Z',NULL,NULL,78,'mean','higher',1);
INSERT INTO result VALUES(60,2,54,'tcp_test',1,'ok',NULL,90,'TCP/IP Messages/second','2026-12-06T06:46:05Z',NULL,NULL,79,'mean','higher',1);
INSERT INTO result VALUES(61,2,55,'udp_test',1,'ok',NULL,100,'UDP/IP DataGrams/second','2026-12-06T06:46:05Z',NULL,NULL,80,'mean','higher',1);
INSERT INTO result VALUES(62,2,56,'fifo_test',1,'ok',NULL,100,'FIFO Messages/second','2026-12-06T06:46:05Z',NULL,NULL,81,'mean','higher',1);
INSERT INTO result VALUES(63,2,57,'stream_pipe',1,'ok',NULL,100,'Stream Pipe Messages/second','2026-12-06T06:46:05Z',NULL,NULL,82,'mean','higher',1);
INSERT INTO result VALUES(64,2,58,'dgram_pipe',1,'ok',NULL,100,'DataGram Pipe Messages/second','2026-12-06T06:46:05Z',NULL,NULL,83,'mean','higher',1);
INSERT INTO result VALUES(65,2,59,'pipe_cpy',1,'ok',NULL,100,'Pipe Messages/second','2026-12-06T06:46:05Z',NULL,NULL,84,'mean','higher',1);
INSERT INTO result VALUES(66,2,60,'ram_copy',1,'ok',NULL,25020,'Memory to Memory Copy/second','2026-12-06T06:46:05Z',NULL,NULL,85,'peak','higher',1);
CREATE TABLE sample (
	result_id INTEGER NOT NULL REFERENCES result (id) ON DELETE CASCADE,
	seq INTEGER NOT NULL,
	calls INTEGER NOT NULL,
	elapsed_ns INTEGER NOT NULL,
	printed_ops REAL,
	PRIMARY KEY (result_id, seq)
);
INSERT INTO sample VALUES(1,1,1,24377691,NULL);
INSERT INTO sample VALUES(2,1,2,32772124,NULL);
INSERT INTO sample VALUES(3,1,1,39695444,NULL);
INSERT INTO sample VALUES(4,1,2,23499403,NULL);
INSERT INTO sample VALUES(5,1,2,25153197,NULL);
INSERT INTO sample VALUES(6,1,1,40334867,NULL);
INSERT INTO sample VALUES(7,1,26,2040000000,229411.76000000000931);
INSERT INTO sample VALUES(8,1,11,2030000000,65024.629999999997379);
INSERT INTO sample VALUES(9,1,95,2040000000,2794117.6499999999067);
INSERT INTO sample VALUES(10,1,1,2040000000,29411.759999999998399);
INSERT INTO sample VALUES(11,1,100,2050000000,1170731.7099999999627);
INSERT INTO sample VALUES(12,1,667,2000000000,333500.0);
INSERT INTO sample VALUES(13,1,37,2040000000,30833.330000000001747);
INSERT INTO sample VALUES(14,1,109,2060000000,899514.56000000005585);
INSERT INTO sample VALUES(15,1,55,2040000000,26960.779999999998836);
INSERT INTO sample VALUES(16,1,1160,2040000000,568627.44999999995341);
INSERT INTO sample VALUES(17,1,14133,2050000000,34470.730000000003201);
INSERT INTO sample VALUES(18,1,828,2050000000,40390.239999999997962);
INSERT INTO sample VALUES(19,1,15368,2040000000,474600.0);
INSERT INTO sample VALUES(20,1,3971,2010000000,10115184.080000000074);
INSERT INTO sample VALUES(21,1,19,2010000000,48398.010000000002035);
INSERT INTO sample VALUES(22,1,44,2040000000,110431.36999999999534);
INSERT INTO sample VALUES(23,1,919,2040000000,2306509.7999999998137);
INSERT INTO sample VALUES(24,1,11151,2050000000,27850302.440000001341);
INSERT INTO sample VALUES(25,1,1228,2030000000,1548610.8400000000838);
INSERT INTO sample VALUES(26,1,327,2060000000,406368.929999999993);
INSERT INTO sample VALUES(27,1,25410,2050000000,31731512.199999999254);
INSERT INTO sample VALUES(28,1,754,2040000000,27720.590000000000145);
INSERT INTO sample VALUES(29,1,9635,2000000000,14452500.0);
INSERT INTO sample VALUES(30,1,125,2030000000,184729.05999999999766);
INSERT INTO sample VALUES(31,1,140,2050000000,61463.410000000003492);
INSERT INTO sample VALUES(32,1,106,2000000000,47700.0);
INSERT INTO sample VALUES(33,1,467,2000000000,210150.0);
INSERT INTO sample VALUES(34,1,39,2050000000,9740487.8000000007448);
INSERT INTO sample VALUES(35,1,1,6580000000,77811.550000000002909);
INSERT INTO sample VALUES(36,1,7,2070000000,1731400.9699999999719);
INSERT INTO sample VALUES(37,1,10,2070000000,2473429.9500000001862);
INSERT INTO sample VALUES(38,1,138530,2060000000,336237.85999999998602);
INSERT INTO sample VALUES(39,1,212,2010000000,1265671.6399999998975);
INSERT INTO sample VALUES(40,1,5,2010000000,29850.750000000000001);
INSERT INTO sample VALUES(41,1,274,2030000000,32394.090000000000145);
INSERT INTO sample VALUES(42,1,790,2030000000,93399.009999999994761);
INSERT INTO sample VALUES(43,1,23367,2030000000,3453251.2299999999813);
INSERT INTO sample VALUES(44,1,10637,2010000000,529203.97999999998139);
INSERT INTO sample VALUES(46,1,336,2060000000,1631067.9599999999627);
INSERT INTO sample VALUES(47,1,11932,2000000000,596600.0);
INSERT INTO sample VALUES(48,1,19734,2040000000,193470.5899999999965);
INSERT INTO sample VALUES(49,1,164361,2040000000,8056911.7599999997766);
INSERT INTO sample VALUES(50,1,266,2050000000,3892682.9300000001675);
INSERT INTO sample VALUES(51,1,2524,2050000000,123121.94999999999709);
INSERT INTO sample VALUES(52,1,330020,2040000000,1617745.1000000000931);
INSERT INTO sample VALUES(53,1,220382,2010000000,1096427.8600000001024);
INSERT INTO sample VALUES(54,1,3073,2010000000,15288557.210000000893);
INSERT INTO sample VALUES(55,1,9811489,2050000000,4786092.2000000001861);
INSERT INTO sample VALUES(56,1,348516,2010000000,173391.04000000000815);
INSERT INTO sample VALUES(57,1,67416820,2030000000,33210256.160000000149);
INSERT INTO sample VALUES(58,1,1060,2040000000,51960.779999999998834);
INSERT INTO sample VALUES(59,1,9764,2010000000,485771.14000000001397);
INSERT INTO sample VALUES(60,1,133286,2010000000,5968029.8499999996273);
INSERT INTO sample VALUES(61,1,1238,2020000000,61287.129999999997382);
INSERT INTO sample VALUES(62,1,15791,2050000000,770292.68000000005122);
INSERT INTO sample VALUES(63,1,533,2020000000,26386.139999999999416);
INSERT INTO sample VALUES(64,1,63371,2010000000,3152786.0699999998323);
INSERT INTO sample VALUES(65,1,129607,2050000000,6322292.6799999997018);
INSERT INTO sample VALUES(66,1,127,2010000000,1580865.6699999999254);
CREATE TABLE run_import (
	run_id INTEGER PRIMARY KEY REFERENCES run (id) ON DELETE CASCADE,
	sha256 TEXT NOT NULL
);
INSERT INTO run_import VALUES(2,'91b1ea2d7e9f4d694979b8b94f8078ff63e51fd555b19f7e95f62849675fc4a4');
CREATE TABLE sample_metric (
	result_id INTEGER NOT NULL,
	seq INTEGER NOT NULL,
	metric TEXT NOT NULL,
	bound INTEGER NOT NULL DEFAULT 0,
	value INTEGER NOT NULL,
	PRIMARY KEY (result_id, seq, metric, bound),
	FOREIGN KEY (result_id, seq) REFERENCES sample (result_id, seq)
		ON DELETE CASCADE
) WITHOUT ROWID;
INSERT INTO sample_metric VALUES(1,1,'invol_cs',0,3);
INSERT INTO sample_metric VALUES(1,1,'run_delay_ns',0,15976874);
INSERT INTO sample_metric VALUES(1,1,'steal_ns',0,0);
INSERT INTO sample_metric VALUES(1,1,'vol_cs',0,0);
INSERT INTO sample_metric VALUES(2,1,'invol_cs',0,4);
INSERT INTO sample_metric VALUES(2,1,'run_delay_ns',0,20278554);
INSERT INTO sample_metric VALUES(2,1,'steal_ns',0,0);
INSERT INTO sample_metric VALUES(2,1,'vol_cs',0,0);
INSERT INTO sample_metric VALUES(3,1,'invol_cs',0,1);
INSERT INTO sample_metric VALUES(3,1,'run_delay_ns',0,4944974);
INSERT INTO sample_metric VALUES(3,1,'steal_ns',0,0);
INSERT INTO sample_metric VALUES(3,1,'vol_cs',0,99);
INSERT INTO sample_metric VALUES(4,1,'invol_cs',0,6);
INSERT INTO sample_metric VALUES(4,1,'run_delay_ns',0,6942335);
INSERT INTO sample_metric VALUES(4,1,'steal_ns',0,0);
INSERT INTO sample_metric VALUES(4,1,'vol_cs',0,0);
INSERT INTO sample_metric VALUES(5,1,'invol_cs',0,3);
INSERT INTO sample_metric VALUES(5,1,'run_delay_ns',0,14693772);
INSERT INTO sample_metric VALUES(5,1,'steal_ns',0,0);
INSERT INTO sample_metric VALUES(5,1,'vol_cs',0,0);
INSERT INTO sample_metric VALUES(6,1,'invol_cs',0,1);
INSERT INTO sample_metric VALUES(6,1,'run_delay_ns',0,12493798);
INSERT INTO sample_metric VALUES(6,1,'steal_ns',0,0);
INSERT INTO sample_metric VALUES(6,1,'vol_cs',0,99);
CREATE INDEX run_tag ON run (tag);
CREATE VIEW sample_rate AS
	SELECT r.run_id AS run_id, u.tag AS tag, r.number AS number,
		r.test AS test, r.rep AS rep, s.seq AS seq,
		s.calls AS calls, s.elapsed_ns AS elapsed_ns,
		COALESCE(s.printed_ops,
			1e9 * s.calls * r.factor / s.elapsed_ns) AS ops_per_s
	FROM sample AS s
	JOIN result AS r ON r.id = s.result_id
	JOIN run AS u ON u.id = r.run_id;
CREATE INDEX run_import_sha256 ON run_import (sha256);
CREATE UNIQUE INDEX run_uuid ON run (uuid);
COMMIT;
PRAGMA application_id = 1095322937;
PRAGMA user_version = 5;
