// SPDX-License-Identifier: GPL-2.0
/*
 * kvmalloc()'s contiguous attempt on memory that is free but fragmented:
 * the report behind 46459154f997 ("mm: kvmalloc: make kmalloc fast path
 * real fast path", 6.16): monitoring tools read /proc/sys files with
 * 256 KiB buffers; each read kvzalloc()s the buffer's size + 1, an order-7
 * attempt (order 6 in the report) that, before that commit, may compact and
 * reclaim directly before it falls back to vmalloc.
 *
 * The setup:
 *   - the page cache is dropped (its reclaim would free large blocks);
 *   - a fragmenter takes the free memory above the high watermarks but
 *     4 MiB as base pages and frees it again but one page in every aligned
 *     block of -k pages, by PFN (/proc/self/pagemap); then it takes the
 *     free blocks of a PMD's size left as THPs and fills pipes with as
 *     many pages as unmovable and reclaimable pageblocks have free:
 *     plenty of free memory, and hardly a free block of -k pages or more;
 *   - with -U the pages kept are mlocked and vm.compact_unevictable_allowed
 *     is 0 (restored at exit): compaction can rebuild no block, the worst
 *     case; without it compaction (direct, or kcompactd's) can;
 *   - a hogger puts -H pages a second into pipes while the reads run (the
 *     kernel's own memory growing): once the unmovable pageblocks have no
 *     free page, each takes the largest free block of another type, the
 *     block a read freed or compaction made first, as a busy machine's
 *     allocations do; without it a read would take the block the read
 *     before it freed, and compact once in a run;
 *   - -r readers (default one per CPU) read /proc/sys/kernel/ostype with a
 *     -b KiB buffer in a loop for -t seconds, each read timed.
 * Measured, printed as one line "kvmalloc key=value ...":
 *   reads, p50_us, p99_us, p999_us, max_us: the reads' times;
 *   r_compact, r_reclaim: direct compaction
 *     (compaction:mm_compaction_try_to_compact_pages) and direct reclaim
 *     (vmscan:mm_vmscan_direct_reclaim_begin) of the readers alone, from a
 *     tracefs instance (set_event_pid, event-fork);
 *   contig_ok, contig_fail: the contiguous attempts that got memory and
 *     those that fell back to vmalloc (the readers' kmem:mm_page_alloc of
 *     the buffer's order, with a page and without);
 *   kcompactd_ms, kswapd_ms: their CPU time over the reads;
 *   compact_stall, compact_fail, compact_success, allocstall,
 *   pgscan_direct, pgmigrate_success, compact_daemon_wake: /proc/vmstat
 *   over the reads; free_kb: MemFree at the start of the reads.
 *
 * The harness's replay for issue 62 (make bench-kvmalloc).
 */
#define _GNU_SOURCE
#include <stdbool.h>
#include <stdint.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include "replay.h"

#define TRACING		"/sys/kernel/tracing"
#define FILE_READ	"/proc/sys/kernel/ostype"
#define UNEVICTABLE	"/proc/sys/vm/compact_unevictable_allowed"
#define MAX_SAMPLES	(1 << 20)

static char inst[256], saved_unevictable[16];
static int nr_readers, secs = 20, buf_kb = 256, keep = 8, unmovable, order;
static long hog_rate = 2000;
static pid_t readers[256], hogger, fragmenter;

static const char * const vmstat_names[] = {
	"compact_stall", "compact_fail", "compact_success", "allocstall",
	"pgscan_direct", "pgmigrate_success", "compact_daemon_wake",
};
#define NR_VMSTAT (sizeof(vmstat_names) / sizeof(vmstat_names[0]))

static void cleanup(void)
{
	char path[512];
	int i;

	for (i = 0; i < nr_readers; i++)
		if (readers[i] > 0)
			kill(readers[i], SIGKILL);
	if (hogger > 0)
		kill(hogger, SIGKILL);
	if (fragmenter > 0)
		kill(fragmenter, SIGKILL);
	if (inst[0]) {
		snprintf(path, sizeof(path), "%s/events/enable", inst);
		replay_write_text(path, "0");
		rmdir(inst);
		inst[0] = '\0';
	}
	if (saved_unevictable[0])
		replay_write_text(UNEVICTABLE, saved_unevictable);
}

static void on_signal(int sig)
{
	cleanup();
	signal(sig, SIG_DFL);
	raise(sig);
}

static void inst_write(const char *file, const char *val)
{
	char path[512];

	snprintf(path, sizeof(path), "%s/%s", inst, file);
	if (replay_write_text(path, val))
		ksft_exit_fail_msg("%s: cannot write %s\n", path, val);
}

/*
 * The free memory above the high watermarks but 4 MiB as base pages, one
 * in @keep kept by PFN; then the large blocks left, as THPs and in pipes
 */
static void fragment(size_t unused, void *arg)
{
	long page = getpagesize(), i, start = -1, nr, kept = 0, piped;
	int fd = open("/proc/self/pagemap", O_RDONLY), w = -1, pipes = 0;
	uint64_t ent[512], e;
	char *p;

	nr = (replay_usable_kb() * 511 / 512 - 4096) / (page / 1024) / 512 * 512;
	if (nr < 512 || fd < 0)
		child_fail("too little free memory, or no pagemap");
	p = mmap(NULL, nr * page, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (p == MAP_FAILED || madvise(p, nr * page, MADV_NOHUGEPAGE))
		child_fail("mmap");
	for (i = 0; i < nr; i++)
		p[i * page] = 1;
	for (i = 0; i <= nr; i++) {
		bool kept_here = true;

		if (i < nr && !(i % 512) &&
		    pread(fd, ent, sizeof(ent), ((uintptr_t)p / page + i) * 8) != sizeof(ent))
			child_fail("pagemap");
		if (i < nr) {
			e = ent[i % 512];
			kept_here = (e >> 63) && !((e & ((1ULL << 55) - 1)) % keep);
			kept += kept_here;
		}
		if (kept_here && start >= 0) {
			madvise(p + start * page, (i - start) * page, MADV_DONTNEED);
			start = -1;
		}
		if (!kept_here && start < 0)
			start = i;
	}
	if (unmovable && syscall(__NR_mlock2, p, nr * page, 1))
		child_fail("mlock2");
	replay_take_huge_blocks();
	piped = replay_pipe_pages(replay_unmovable_free_pages() + (1 << 20) / page,
				  &w, &pipes, 256);
	fprintf(stderr, "# fragmented %ld MiB, kept %ld MiB (one page in %d), %ld MiB in pipes; "
		"free blocks of order %d: %ld\n", nr * page >> 20, kept * page >> 20, keep,
		piped * page >> 20, order, replay_free_blocks(order));
}

/*
 * Once @go has a byte, @rate pages a second into pipes until killed, in
 * 100 steps a second.  Forked before the trace follows the test's tasks:
 * not one of the readers.
 */
static void hog(long rate, int go)
{
	struct rlimit rl = { 65536, 65536 };
	int w = -1, pipes = 0;
	long due = 0;
	char c;

	prctl(PR_SET_PDEATHSIG, SIGKILL);
	setrlimit(RLIMIT_NOFILE, &rl);
	if (read(go, &c, 1) != 1)
		_exit(1);
	for (;;) {
		due += rate;
		due -= 100 * replay_pipe_pages(due / 100, &w, &pipes, 30000);
		usleep(10000);
	}
}

/* Read FILE_READ with a buf_kb buffer until @end; the times, in us */
static void reader(long *us, long max, double end)
{
	size_t len = (size_t)buf_kb * 1024;
	char *buf = malloc(len);
	long n = 0;

	if (!buf)
		child_fail("malloc");
	while (n < max) {
		double t0 = monotonic_secs(), t1;
		int fd = open(FILE_READ, O_RDONLY);

		if (fd < 0 || read(fd, buf, len) < 0)
			child_fail(FILE_READ);
		close(fd);
		t1 = monotonic_secs();
		us[n++] = (long)((t1 - t0) * 1e6);
		if (t1 >= end)
			break;
	}
	us[max] = n;
}

/*
 * From the instance's trace: the readers' direct compactions and
 * reclaims, and their allocations of the buffer's order with a page and
 * without
 */
static void count_trace(long *r_compact, long *r_reclaim, long *ok, long *fail)
{
	char path[512], line[1024];
	FILE *f;

	snprintf(path, sizeof(path), "%s/trace", inst);
	f = fopen(path, "r");
	if (!f)
		ksft_exit_fail_msg("%s: %s\n", path, strerror(errno));
	*r_compact = *r_reclaim = *ok = *fail = 0;
	while (fgets(line, sizeof(line), f)) {
		if (line[0] == '#')
			continue;
		if (strstr(line, "mm_compaction_try_to_compact_pages:"))
			(*r_compact)++;
		else if (strstr(line, "mm_vmscan_direct_reclaim_begin:"))
			(*r_reclaim)++;
		else if (strstr(line, " mm_page_alloc: ")) {
			if (strstr(line, " pfn=0x0 "))
				(*fail)++;
			else
				(*ok)++;
		}
	}
	fclose(f);
}

int main(int argc, char **argv)
{
	long v0[NR_VMSTAT], v1[NR_VMSTAT], kc0, ks0, kc1, ks1, free_kb, *all, n = 0, max;
	long r_compact, r_reclaim, ok, fail;
	char val[32], filter[64];
	double end;
	size_t i;
	int opt, r, go[2];

	while ((opt = getopt(argc, argv, "r:t:b:k:H:U")) != -1) {
		switch (opt) {
		case 'r': nr_readers = atoi(optarg); break;
		case 't': secs = atoi(optarg); break;
		case 'b': buf_kb = atoi(optarg); break;
		case 'k': keep = atoi(optarg); break;
		case 'H': hog_rate = atol(optarg); break;
		case 'U': unmovable = 1; break;
		default:
			fprintf(stderr, "usage: %s [-r READERS] [-t SECS] [-b BUF_KB] [-k KEEP_ONE_IN] [-H HOG_PAGES_PER_S] [-U]\n",
				argv[0]);
			return 2;
		}
	}
	if (!nr_readers)
		nr_readers = sysconf(_SC_NPROCESSORS_ONLN);
	if (nr_readers < 1 || nr_readers > 256 || secs < 1 || buf_kb < 8 || keep < 2 ||
	    hog_rate < 0)
		ksft_exit_fail_msg("bad options\n");
	while ((getpagesize() << order) < buf_kb * 1024 + 1)
		order++;
	atexit(cleanup);
	signal(SIGTERM, on_signal);
	signal(SIGINT, on_signal);
	if (unmovable) {
		FILE *f = fopen(UNEVICTABLE, "r");

		if (!f || !fgets(saved_unevictable, sizeof(saved_unevictable), f))
			ksft_exit_fail_msg("%s: cannot read\n", UNEVICTABLE);
		fclose(f);
		if (replay_write_text(UNEVICTABLE, "0"))
			ksft_exit_fail_msg("%s: cannot write\n", UNEVICTABLE);
	}
	sync();
	replay_write_text("/proc/sys/vm/drop_caches", "3");
	fragmenter = spawn_child(fragment, 0, NULL);
	if (pipe(go))
		ksft_exit_fail_msg("pipe: %s\n", strerror(errno));
	if (hog_rate) {
		fflush(stdout);
		fflush(stderr);
		hogger = fork();
		if (hogger < 0)
			ksft_exit_fail_msg("fork: %s\n", strerror(errno));
		if (!hogger)
			hog(hog_rate, go[0]);
	}
	close(go[0]);

	snprintf(inst, sizeof(inst), TRACING "/instances/kvmalloc_replay");
	rmdir(inst);
	if (mkdir(inst, 0700))
		ksft_exit_fail_msg("%s: %s\n", inst, strerror(errno));
	snprintf(val, sizeof(val), "%d", getpid());
	snprintf(filter, sizeof(filter), "order == %d", order);
	inst_write("buffer_size_kb", "16384");
	inst_write("options/event-fork", "1");
	inst_write("set_event_pid", val);
	inst_write("events/kmem/mm_page_alloc/filter", filter);
	inst_write("events/kmem/mm_page_alloc/enable", "1");
	inst_write("events/compaction/mm_compaction_try_to_compact_pages/enable", "1");
	inst_write("events/vmscan/mm_vmscan_direct_reclaim_begin/enable", "1");

	max = MAX_SAMPLES / nr_readers;
	all = mmap(NULL, (size_t)nr_readers * (max + 1) * sizeof(long), PROT_READ | PROT_WRITE,
		   MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (all == MAP_FAILED)
		ksft_exit_fail_msg("mmap: %s\n", strerror(errno));
	free_kb = replay_meminfo_kb("MemFree");
	vmstat_read(vmstat_names, NR_VMSTAT, v0);
	kc0 = threads_cpu_ms("kcompactd");
	ks0 = threads_cpu_ms("kswapd");
	end = monotonic_secs() + secs;
	fflush(stdout);
	fflush(stderr);
	if (hogger > 0 && write(go[1], "g", 1) != 1)
		ksft_exit_fail_msg("the hogger: %s\n", strerror(errno));
	for (r = 0; r < nr_readers; r++) {
		readers[r] = fork();
		if (readers[r] < 0)
			ksft_exit_fail_msg("fork: %s\n", strerror(errno));
		if (!readers[r]) {
			prctl(PR_SET_PDEATHSIG, SIGKILL);
			reader(all + r * (max + 1), max, end);
			_exit(0);
		}
	}
	for (r = 0; r < nr_readers; r++) {
		int st;

		if (waitpid(readers[r], &st, 0) < 0 || !WIFEXITED(st) || WEXITSTATUS(st))
			ksft_exit_fail_msg("reader %d failed\n", r);
		readers[r] = 0;
	}
	vmstat_read(vmstat_names, NR_VMSTAT, v1);
	kc1 = threads_cpu_ms("kcompactd");
	ks1 = threads_cpu_ms("kswapd");
	inst_write("events/enable", "0");
	/*
	 * Memory in blocks again before the trace is read: opening it takes
	 * an order-3 buffer, which free memory of orders 0-2 alone cannot
	 * serve but by the OOM killer (seen once on 7.2)
	 */
	if (hogger > 0) {
		kill(hogger, SIGKILL);
		waitpid(hogger, NULL, 0);
		hogger = 0;
	}
	kill(fragmenter, SIGKILL);
	waitpid(fragmenter, NULL, 0);
	fragmenter = 0;
	count_trace(&r_compact, &r_reclaim, &ok, &fail);

	/* the samples of all readers, side by side */
	for (r = 0; r < nr_readers; r++) {
		long *s = all + r * (max + 1);

		memmove(all + n, s, s[max] * sizeof(long));
		n += s[max];
	}
	qsort(all, n, sizeof(long), cmp_long);
	printf("kvmalloc unmovable=%d hog=%ld reads=%ld p50_us=%ld p99_us=%ld p999_us=%ld max_us=%ld",
	       unmovable, hog_rate, n, pct(all, n, 0.5), pct(all, n, 0.99), pct(all, n, 0.999),
	       n ? all[n - 1] : 0);
	printf(" r_compact=%ld r_reclaim=%ld contig_ok=%ld contig_fail=%ld",
	       r_compact, r_reclaim, ok, fail);
	printf(" kcompactd_ms=%ld kswapd_ms=%ld free_kb=%ld",
	       kc1 - kc0, ks1 - ks0, free_kb);
	for (i = 0; i < NR_VMSTAT; i++)
		printf(" %s=%ld", vmstat_names[i], v1[i] - v0[i]);
	printf("\n");
	return 0;
}
