// SPDX-License-Identifier: GPL-2.0
/*
 * THP fault latency on memory full of page cache and slab, in the shape
 * of mmtests' thpscale and thpchallenge (config-workload-thpchallenge-fio).
 *
 * Phase 1, fill: -j reader processes create files of 64 KiB in DIR (-d),
 * -c percent of MemTotal in all, then read 4 KiB blocks at random offsets
 * of files picked at random, each read from a file opened for it with
 * readahead off (POSIX_FADV_RANDOM), as fio's random reads with
 * create_on_open do: a new inode and dentry whenever an evicted file is
 * opened again, one page cache page per read, so that slab and page cache
 * interleave in memory.  The fill ends after -r seconds, or once the
 * readers have read 1.5 times the files' size.  The readers keep reading
 * through phase 2 (unless -k 0), as thpchallenge's fio does.
 *
 * Phase 2, fault: -t threads each map their share of -s percent of
 * MemTotal (anonymous, aligned to 2 MiB; MADV_HUGEPAGE with -M) and write
 * it 2 MiB at a time.  Each 2 MiB range is timed (CLOCK_MONOTONIC around
 * a memset of the range: the faults and the write together) and, outside
 * the timing, recorded as huge or not: huge when its pagemap entries map
 * one naturally aligned run of page frames whose first /proc/kpageflags
 * marks KPF_THP.
 *
 * Bench mode (-B): one line "thpscale key=value ...": the ranges
 * (faults), the share backed by a huge page (huge_pct), the latency per
 * range (p50, p90, p99, max, mean; p99 of the huge and of the base
 * ranges apart), /proc/vmstat deltas over phase 2 (a counter the kernel
 * does not have is left out of the line), the page cache, free memory and
 * slab at its end (MiB), its duration (secs) and what the readers read
 * meanwhile (read_mb).  Not root: allowed without -E/-D, but huge pages
 * are not detected (huge_pct=-1).
 * Check mode (the default): one test, every range was faulted and
 * written; the bench line is printed as a comment.  It skips when not
 * root, without THP, and when DIR is on tmpfs or has too little room.
 * -H FILE: every range's latency (us) and huge flag, one per line.
 *
 * -T: the tracefs event compaction/mm_compaction_bound is enabled for
 * phase 2 only, from just before the first fault to just after the last
 * (the caller sizes the buffer and reads the trace).
 *
 * THP enabled and defrag (and the event of -T) are changed only with -E
 * and -D (-T), and restored on exit and on SIGINT, SIGTERM, SIGHUP and
 * SIGPIPE (the output's reader gone); the readers die with the program.
 * Check mode removes the files at the end; bench mode leaves them (the
 * bench job's scratch disk goes with the guest).
 *
 * The harness's workload for make bench-thpscale.  Of the tree it needs
 * only kselftest.h: no helper of the series' selftests, so that it builds
 * against every base, patched or not.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../kselftest.h"
#include "replay.h"

#define THP_DIR		"/sys/kernel/mm/transparent_hugepage"
#define BOUND_EVENT	"/sys/kernel/tracing/events/compaction/mm_compaction_bound"
#define RANGE		(2UL << 20)
#define FILE_BYTES	(64UL << 10)
#define BLOCK		4096UL
#define MAX_READERS	64
#define MAX_THREADS	256
#define MAX_PAGES	512	/* of a range, 4 KiB pages */
#define ENTRY_PRESENT	(1ULL << 63)
#define ENTRY_PFN	((1ULL << 55) - 1)
#define FLAG_THP	(1ULL << 22)	/* KPF_THP of /proc/kpageflags */
#define FS_TMPFS	0x01021994	/* TMPFS_MAGIC */
#define FS_RAMFS	0x858458f6	/* RAMFS_MAGIC */
#define MAX_SAVED	8	/* settings changed for the run */

/*
 * The /proc/vmstat counters of the bench line; allocstall is the sum of
 * allocstall_normal, ...  compact_bound_fault (THP faults whose bound on
 * compaction ran out) and compact_daemon_hint (hints raised to kcompactd)
 * come with vm.compaction_fault_scan_kbytes: a kernel without them leaves
 * them out of the line.
 */
enum { V_THP_ALLOC, V_THP_FALLBACK, V_STALL, V_SUCCESS, V_FAIL, V_ALLOCSTALL,
	V_SCAN_DIRECT, V_SCAN_KSWAPD, V_DAEMON_WAKE, V_MIGRATE, V_BOUND_FAULT,
	V_DAEMON_HINT, NR_V };

static const char * const vm_names[NR_V] = {
	"thp_fault_alloc", "thp_fault_fallback", "compact_stall",
	"compact_success", "compact_fail", "allocstall", "pgscan_direct",
	"pgscan_kswapd", "compact_daemon_wake", "pgmigrate_success",
	"compact_bound_fault", "compact_daemon_hint",
};

/* What the readers share with the program, in shared memory. */
struct shared {
	long created;			/* readers done creating their files */
	int stop;
	long bytes[MAX_READERS];	/* read so far, per reader */
};

/* One faulting thread. */
struct worker {
	pthread_t tid;
	size_t len;
	long n;			/* ranges of 2 MiB */
	long *ns;		/* latency of each range */
	unsigned char *huge;	/* 1: the range is a huge page */
	char *p;
};

struct result {
	long faults, huge, bad;
	long p50, p90, p99, max, huge_p99, base_p99;	/* ns */
	double mean;					/* ns */
	long vm[NR_V];
	long cached_kb, free_kb, slab_kb;
	double secs, read_mb;
};

static const char *dir = "/mnt", *enabled, *defrag, *hist_file;
static double cache_pct = 150, anon_pct = 80;
static int readers = 2, read_secs = 30, keep = 1, threads = 1, madvised, bench, trace;
static char files_dir[4096];
static long nfiles;
static struct shared *sh;
static pid_t reader_pid[MAX_READERS];
static int pagemap_fd = -1, kpageflags_fd = -1;
static long page_size;
static pthread_barrier_t start_line;

/* A file changed for the run and what it held before. */
struct saved {
	char path[128];
	char old[32];
};

static struct saved saved[MAX_SAVED];
static int nr_saved;
static pid_t main_pid;
static const int restore_signals[] = { SIGINT, SIGTERM, SIGHUP, SIGPIPE };

/* Not safe to go on: check mode skips, bench mode fails. */
#define refuse(...) do {					\
	if (bench)						\
		ksft_exit_fail_msg(__VA_ARGS__);		\
	ksft_exit_skip(__VA_ARGS__);				\
} while (0)

/*
 * The first line of @path, without its newline, in @buf; of a THP file
 * ("always [madvise] never") the word in brackets.  0, or -1 (also when
 * it does not fit).
 */
static int read_text(const char *path, char *buf, size_t len)
{
	char line[256], *p;
	ssize_t n;
	int fd;

	fd = open(path, O_RDONLY);
	if (fd < 0)
		return -1;
	n = read(fd, line, sizeof(line) - 1);
	close(fd);
	if (n <= 0)
		return -1;
	line[n] = '\0';
	p = strchr(line, '[');
	p = p ? p + 1 : line;
	p[strcspn(p, "]\n")] = '\0';
	n = strlen(p);
	if ((size_t)n >= len)
		return -1;
	memcpy(buf, p, n + 1);
	return 0;
}

/*
 * At exit and on a signal, in the program only (a reader that gets the
 * signal leaves it to the program): the readers go, what the run changed
 * is written back, the last change first.  Async-signal-safe.
 */
static void restore(void)
{
	int i;

	if (getpid() != main_pid)
		return;
	if (sh) {
		__atomic_store_n(&sh->stop, 1, __ATOMIC_SEQ_CST);
		for (i = 0; i < readers; i++)
			if (reader_pid[i] > 0)
				kill(reader_pid[i], SIGKILL);
	}
	/* nothing to be done about a failure on the way out */
	for (i = nr_saved - 1; i >= 0; i--)
		replay_write_text(saved[i].path, saved[i].old);
}

static void restore_on_signal(int sig)
{
	restore();
	signal(sig, SIG_DFL);
	raise(sig);
}

static void restore_on_exit(void)
{
	struct sigaction sa = { .sa_handler = restore_on_signal };
	unsigned int i;

	main_pid = getpid();
	atexit(restore);
	for (i = 0; i < ARRAY_SIZE(restore_signals); i++)
		sigaction(restore_signals[i], &sa, NULL);
}

/*
 * @val to @path for the run, what it held saved first for restore().  The
 * restore signals are held meanwhile: a value written is a value saved.
 */
static void set_for_run(const char *path, const char *val)
{
	struct saved *s = &saved[nr_saved];
	size_t len = strlen(path);
	sigset_t set, old;
	unsigned int i;
	int err;

	if (nr_saved == MAX_SAVED || len >= sizeof(s->path) ||
	    read_text(path, s->old, sizeof(s->old)))
		ksft_exit_fail_msg("cannot save %s\n", path);
	memcpy(s->path, path, len + 1);
	sigemptyset(&set);
	for (i = 0; i < ARRAY_SIZE(restore_signals); i++)
		sigaddset(&set, restore_signals[i]);
	sigprocmask(SIG_BLOCK, &set, &old);
	nr_saved++;
	err = replay_write_text(path, val);
	sigprocmask(SIG_SETMASK, &old, NULL);
	if (err)
		ksft_exit_fail_msg("write %s to %s: %s\n", val, path, strerror(err));
}

static void file_path(char *buf, size_t len, long i)
{
	snprintf(buf, len, "%s/f%07ld", files_dir, i);
}

static void __attribute__((noreturn)) reader_fail(const char *what, const char *path)
{
	fprintf(stderr, "# reader %d: %s %s: %s\n", getpid(), what, path, strerror(errno));
	_exit(1);
}

static unsigned long long next_random(unsigned long long *x)
{
	*x ^= *x >> 12;
	*x ^= *x << 25;
	*x ^= *x >> 27;
	return *x * 0x2545F4914F6CDD1DULL;
}

/*
 * Reader @k: create files k, k + readers, ..., wait for the others, then
 * read a random block of a random file, opened for that read, until told
 * to stop.
 */
static void __attribute__((noreturn)) reader(int k)
{
	unsigned long long x = 0x9E3779B97F4A7C15ULL * (getpid() + 1), r;
	char path[sizeof(files_dir) + 24], *buf;
	off_t off;
	long i;
	int fd;

	buf = malloc(FILE_BYTES);
	if (!buf)
		reader_fail("malloc", "");
	memset(buf, 'a' + k % 26, FILE_BYTES);
	for (i = k; i < nfiles; i += readers) {
		file_path(path, sizeof(path), i);
		fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		if (fd < 0 || write(fd, buf, FILE_BYTES) != (ssize_t)FILE_BYTES)
			reader_fail("create", path);
		close(fd);
	}
	__atomic_add_fetch(&sh->created, 1, __ATOMIC_SEQ_CST);
	while (__atomic_load_n(&sh->created, __ATOMIC_SEQ_CST) < readers &&
	       !__atomic_load_n(&sh->stop, __ATOMIC_SEQ_CST))
		usleep(10000);
	while (!__atomic_load_n(&sh->stop, __ATOMIC_RELAXED)) {
		r = next_random(&x);
		file_path(path, sizeof(path), (long)(r % nfiles));
		off = (off_t)((r >> 32) % (FILE_BYTES / BLOCK)) * BLOCK;
		fd = open(path, O_RDONLY);
		if (fd < 0)
			reader_fail("open", path);
		posix_fadvise(fd, 0, 0, POSIX_FADV_RANDOM);
		if (pread(fd, buf, BLOCK, off) != (ssize_t)BLOCK)
			reader_fail("read", path);
		close(fd);
		__atomic_add_fetch(&sh->bytes[k], BLOCK, __ATOMIC_RELAXED);
	}
	_exit(0);
}

static double read_total(void)
{
	double sum = 0;
	int i;

	for (i = 0; i < readers; i++)
		sum += __atomic_load_n(&sh->bytes[i], __ATOMIC_RELAXED);
	return sum;
}

/* Fail if a reader is gone before its time. */
static void readers_alive(void)
{
	int i, status;

	for (i = 0; i < readers; i++)
		if (waitpid(reader_pid[i], &status, WNOHANG) == reader_pid[i]) {
			reader_pid[i] = 0;
			ksft_exit_fail_msg("reader %d ended early (status %#x)\n", i, status);
		}
}

/* Stop the readers and wait for them; how many did not end well. */
static int reap_readers(void)
{
	int i, status, bad = 0;

	__atomic_store_n(&sh->stop, 1, __ATOMIC_SEQ_CST);
	for (i = 0; i < readers; i++) {
		if (reader_pid[i] <= 0)
			continue;
		if (waitpid(reader_pid[i], &status, 0) != reader_pid[i] ||
		    !WIFEXITED(status) || WEXITSTATUS(status))
			bad++;
		reader_pid[i] = 0;
	}
	return bad;
}

/* Reader @k in a child that dies with the program. */
static pid_t spawn_reader(int k)
{
	pid_t parent = getpid(), pid = fork();

	if (pid < 0)
		ksft_exit_fail_msg("fork: %s\n", strerror(errno));
	if (pid)
		return pid;
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	/* the program may have died before the prctl() */
	if (getppid() != parent)
		_exit(1);
	reader(k);
}

/* The end of a progress line: what memory holds now. */
static void print_memory(void)
{
	printf("Cached %ld MiB, Slab %ld MiB, MemFree %ld MiB\n", replay_meminfo_kb("Cached") >> 10,
	       replay_meminfo_kb("Slab") >> 10, replay_meminfo_kb("MemFree") >> 10);
}

/* Phase 1: the readers create the files, then read until it is time. */
static void fill(void)
{
	double total = (double)nfiles * FILE_BYTES, t0, t1, now;
	int k;

	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (sh == MAP_FAILED)
		ksft_exit_fail_msg("mmap: %s\n", strerror(errno));
	memset(sh, 0, sizeof(*sh));
	fflush(stdout);
	fflush(stderr);
	t0 = monotonic_secs();
	for (k = 0; k < readers; k++)
		reader_pid[k] = spawn_reader(k);
	while (__atomic_load_n(&sh->created, __ATOMIC_SEQ_CST) < readers) {
		readers_alive();
		usleep(50000);
	}
	t1 = monotonic_secs();
	ksft_print_msg("created %ld files of 64 KiB (%.0f MiB) in %.1f s; ",
		       nfiles, total / (1 << 20), t1 - t0);
	print_memory();
	do {
		readers_alive();
		usleep(100000);
		now = monotonic_secs();
	} while (read_total() < 1.5 * total && now - t1 < read_secs);
	ksft_print_msg("read %.0f MiB in 4 KiB blocks in %.1f s; ",
		       read_total() / (1 << 20), now - t1);
	print_memory();
	if (!keep && reap_readers())
		ksft_exit_fail_msg("a reader failed\n");
}

/* A range of 2 MiB at @r is one huge page: see the header comment. */
static int range_is_huge(const char *r)
{
	uint64_t entry[MAX_PAGES], flags, pfn;
	long n = RANGE / page_size, i;

	if (kpageflags_fd < 0 || n > MAX_PAGES)
		return 0;
	if (pread(pagemap_fd, entry, n * sizeof(entry[0]),
		  (off_t)((uintptr_t)r / page_size * sizeof(entry[0]))) !=
	    (ssize_t)(n * sizeof(entry[0])))
		return 0;
	pfn = entry[0] & ENTRY_PFN;
	if (!pfn || pfn % n)
		return 0;
	for (i = 0; i < n; i++)
		if (!(entry[i] & ENTRY_PRESENT) || (entry[i] & ENTRY_PFN) != pfn + i)
			return 0;
	if (pread(kpageflags_fd, &flags, sizeof(flags), (off_t)(pfn * sizeof(flags))) !=
	    (ssize_t)sizeof(flags))
		return 0;
	return !!(flags & FLAG_THP);
}

static int range_byte(long i)
{
	return (int)(i & 0x7f) | 1;
}

/* Phase 2, one thread: map its share, then fault it 2 MiB at a time. */
static void *fault_ranges(void *arg)
{
	struct worker *w = arg;
	struct timespec a, b;
	char *raw, *r;
	long i;

	raw = mmap(NULL, w->len + RANGE, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (raw == MAP_FAILED)
		ksft_exit_fail_msg("mmap of %zu MiB: %s\n", w->len >> 20, strerror(errno));
	w->p = (char *)(((uintptr_t)raw + RANGE - 1) & ~(RANGE - 1));
	if (w->p > raw)
		munmap(raw, w->p - raw);
	munmap(w->p + w->len, raw + RANGE - w->p);
	if (madvised && madvise(w->p, w->len, MADV_HUGEPAGE))
		ksft_exit_fail_msg("MADV_HUGEPAGE: %s\n", strerror(errno));
	pthread_barrier_wait(&start_line);
	for (i = 0; i < w->n; i++) {
		r = w->p + i * RANGE;
		clock_gettime(CLOCK_MONOTONIC, &a);
		memset(r, range_byte(i), RANGE);
		clock_gettime(CLOCK_MONOTONIC, &b);
		w->ns[i] = (b.tv_sec - a.tv_sec) * 1000000000L + b.tv_nsec - a.tv_nsec;
		w->huge[i] = range_is_huge(r);
	}
	return NULL;
}

/* Ranges of @w whose pages do not all hold what was written. */
static long unwritten(struct worker *w)
{
	long i, j, bad = 0;

	for (i = 0; i < w->n; i++)
		for (j = 0; j < (long)(RANGE / page_size); j++)
			if (w->p[i * RANGE + j * page_size] != range_byte(i)) {
				bad++;
				break;
			}
	return bad;
}

/* The counters of vm_names, see vmstat_read(). */
static void counters(long *v)
{
	if (vmstat_read(vm_names, NR_V, v))
		ksft_exit_fail_msg("/proc/vmstat: %s\n", strerror(errno));
}

/* The latencies of @w: all, of the huge ranges, of the base ranges. */
static void latencies(struct worker *w, struct result *res)
{
	long *all, *huge, *base, nh = 0, nb = 0, i, t;
	double sum = 0;

	res->faults = 0;
	for (t = 0; t < threads; t++)
		res->faults += w[t].n;
	all = malloc(3 * res->faults * sizeof(long));
	if (!all)
		ksft_exit_fail_msg("malloc\n");
	huge = all + res->faults;
	base = huge + res->faults;
	for (t = 0; t < threads; t++)
		for (i = 0; i < w[t].n; i++) {
			all[nh + nb] = w[t].ns[i];
			sum += w[t].ns[i];
			if (w[t].huge[i])
				huge[nh++] = w[t].ns[i];
			else
				base[nb++] = w[t].ns[i];
		}
	qsort(all, res->faults, sizeof(long), cmp_long);
	qsort(huge, nh, sizeof(long), cmp_long);
	qsort(base, nb, sizeof(long), cmp_long);
	res->huge = nh;
	res->mean = res->faults ? sum / res->faults : 0;
	res->p50 = pct(all, res->faults, 0.50);
	res->p90 = pct(all, res->faults, 0.90);
	res->p99 = pct(all, res->faults, 0.99);
	res->max = pct(all, res->faults, 1.0);
	res->huge_p99 = pct(huge, nh, 0.99);
	res->base_p99 = pct(base, nb, 0.99);
	free(all);
}

/* Phase 2: every thread faults its share; the counters around it. */
static void fault(struct worker *w, struct result *res)
{
	long before[NR_V], after[NR_V], i;
	double read0, t0;
	int t;

	if (pthread_barrier_init(&start_line, NULL, threads + 1))
		ksft_exit_fail_msg("pthread_barrier_init\n");
	for (t = 0; t < threads; t++)
		if (pthread_create(&w[t].tid, NULL, fault_ranges, &w[t]))
			ksft_exit_fail_msg("pthread_create\n");
	if (trace)
		set_for_run(BOUND_EVENT "/enable", "1");
	counters(before);
	read0 = read_total();
	t0 = monotonic_secs();
	pthread_barrier_wait(&start_line);
	for (t = 0; t < threads; t++)
		pthread_join(w[t].tid, NULL);
	res->secs = monotonic_secs() - t0;
	if (trace && replay_write_text(BOUND_EVENT "/enable", "0"))
		ksft_exit_fail_msg("cannot disable %s\n", BOUND_EVENT);
	res->read_mb = (read_total() - read0) / (1 << 20);
	counters(after);
	res->cached_kb = replay_meminfo_kb("Cached");
	res->free_kb = replay_meminfo_kb("MemFree");
	res->slab_kb = replay_meminfo_kb("Slab");
	for (i = 0; i < NR_V; i++)
		res->vm[i] = before[i] < 0 ? -1 : after[i] - before[i];
	latencies(w, res);
	res->bad = 0;
	for (t = 0; t < threads; t++)
		res->bad += unwritten(&w[t]);
}

static long us(long ns)
{
	return (ns + 500) / 1000;
}

static void print_result(const char *prefix, struct result *r)
{
	int i;

	printf("%sthpscale faults=%ld huge_pct=%.1f", prefix, r->faults,
	       kpageflags_fd < 0 ? -1.0 : r->faults ? 100.0 * r->huge / r->faults : 0);
	printf(" fault_p50_us=%ld fault_p90_us=%ld fault_p99_us=%ld fault_max_us=%ld",
	       us(r->p50), us(r->p90), us(r->p99), us(r->max));
	printf(" fault_mean_us=%.1f fault_huge_p99_us=%ld fault_base_p99_us=%ld",
	       r->mean / 1000, us(r->huge_p99), us(r->base_p99));
	for (i = 0; i < NR_V; i++)
		if (r->vm[i] >= 0)
			printf(" %s=%ld", vm_names[i], r->vm[i]);
	printf(" cached_mb=%ld free_mb=%ld slab_mb=%ld secs=%.2f read_mb=%.1f\n",
	       r->cached_kb >> 10, r->free_kb >> 10, r->slab_kb >> 10, r->secs,
	       r->read_mb);
	fflush(stdout);
}

/* -H: every range's latency in us and whether it was huge. */
static void write_hist(struct worker *w)
{
	FILE *f = fopen(hist_file, "w");
	long i;
	int t;

	if (!f)
		ksft_exit_fail_msg("-H %s: %s\n", hist_file, strerror(errno));
	for (t = 0; t < threads; t++)
		for (i = 0; i < w[t].n; i++)
			fprintf(f, "%.1f %d\n", w[t].ns[i] / 1000.0, w[t].huge[i]);
	if (fclose(f))
		ksft_exit_fail_msg("-H %s: %s\n", hist_file, strerror(errno));
}

/* -E / -D: THP sysfs @name set to @val for the run, restored after. */
static void set_thp(const char *name, const char *val)
{
	char path[128];

	snprintf(path, sizeof(path), THP_DIR "/%s", name);
	set_for_run(path, val);
}

/* DIR must hold the files and give their pages back under pressure. */
static void check_dir(double bytes)
{
	struct statfs st;

	if (statfs(dir, &st))
		refuse("-d %s: %s\n", dir, strerror(errno));
	if (st.f_type == FS_TMPFS || st.f_type == FS_RAMFS)
		refuse("-d %s is on tmpfs or ramfs: the files could not be reclaimed\n", dir);
	if ((double)st.f_bavail * st.f_bsize < bytes * 1.1)
		refuse("-d %s: %.0f MiB free, the files need %.0f MiB\n", dir,
		       (double)st.f_bavail * st.f_bsize / (1 << 20), bytes / (1 << 20));
	snprintf(files_dir, sizeof(files_dir), "%s/thpscale.files", dir);
	if (mkdir(files_dir, 0755) && errno != EEXIST)
		refuse("mkdir %s: %s\n", files_dir, strerror(errno));
}

static void remove_files(void)
{
	char path[sizeof(files_dir) + 24];
	long i;

	for (i = 0; i < nfiles; i++) {
		file_path(path, sizeof(path), i);
		unlink(path);
	}
	rmdir(files_dir);
}

static void help(const char *prog)
{
	printf("%s [-B] [-d DIR] [-c PCT] [-j READERS] [-r SECS] [-k 0|1] [-t THREADS]\n"
	       "    [-s PCT] [-M] [-E ENABLED] [-D DEFRAG] [-H FILE] [-T]\n"
	       "  -B  bench mode: one 'thpscale key=value' line (default: check mode, 1 test)\n"
	       "  -d  directory for the files (default /mnt; not tmpfs); check mode removes\n"
	       "      them at the end, bench mode leaves them\n"
	       "  -c  files of 64 KiB, in all this percent of MemTotal (default 150)\n"
	       "  -j  reader processes: create the files, then read random 4 KiB blocks (default 2)\n"
	       "  -r  seconds of reads before the faults, fewer once 1.5x the files were read\n"
	       "      (default 30)\n"
	       "  -k  1: the readers keep reading while the threads fault (default); 0: they stop\n"
	       "  -t  faulting threads (default 1)\n"
	       "  -s  anonymous memory faulted 2 MiB at a time, percent of MemTotal over all\n"
	       "      threads (default 80)\n"
	       "  -M  madvise(MADV_HUGEPAGE) the faulted memory\n"
	       "  -E  THP enabled for the run (always, madvise, never; default: as it is)\n"
	       "  -D  THP defrag for the run (always, defer, defer+madvise, madvise, never;\n"
	       "      default: as it is)\n"
	       "  -H  write every 2 MiB fault's latency (us) and huge flag (1 or 0) to FILE\n"
	       "  -T  enable the tracefs event compaction/mm_compaction_bound while the\n"
	       "      threads fault (the caller sizes the buffer and reads the trace)\n",
	       prog);
}

int main(int argc, char **argv)
{
	char buf[128], buf2[128];
	struct worker *w;
	struct result res;
	size_t anon, len;
	long mem_kb, t;
	int opt, failed;

	while ((opt = getopt(argc, argv, "d:c:j:r:k:t:s:ME:D:H:TBh")) != -1) {
		switch (opt) {
		case 'd':
			dir = optarg;
			break;
		case 'c':
			cache_pct = atof(optarg);
			break;
		case 'j':
			readers = atoi(optarg);
			break;
		case 'r':
			read_secs = atoi(optarg);
			break;
		case 'k':
			keep = atoi(optarg);
			break;
		case 't':
			threads = atoi(optarg);
			break;
		case 's':
			anon_pct = atof(optarg);
			break;
		case 'M':
			madvised = 1;
			break;
		case 'E':
			enabled = optarg;
			break;
		case 'D':
			defrag = optarg;
			break;
		case 'H':
			hist_file = optarg;
			break;
		case 'T':
			trace = 1;
			break;
		case 'B':
			bench = 1;
			break;
		default:	/* -h, or a wrong option */
			help(argv[0]);
			return opt == 'h' ? 0 : 2;
		}
	}
	if (optind < argc || cache_pct <= 0 || cache_pct > 1000 || anon_pct <= 0 ||
	    anon_pct > 95 || readers < 1 || readers > MAX_READERS || read_secs < 0 ||
	    (keep != 0 && keep != 1) || threads < 1 || threads > MAX_THREADS) {
		help(argv[0]);
		return 2;
	}
	page_size = sysconf(_SC_PAGESIZE);

	if (!bench) {
		ksft_print_header();
		ksft_set_plan(1);
	}
	if (geteuid()) {
		if (!bench)
			ksft_exit_skip("needs root\n");
		if (enabled || defrag)
			ksft_exit_fail_msg("-E and -D need root\n");
	}
	if (access(THP_DIR "/enabled", F_OK))
		refuse("no transparent huge pages\n");
	if (trace && access(BOUND_EVENT "/enable", W_OK))
		refuse("-T: no %s: %s\n", BOUND_EVENT, strerror(errno));
	restore_on_exit();
	if (enabled) {
		set_thp("enabled", enabled);
		/* the PMD size follows "enabled" when it inherits */
		if (!access(THP_DIR "/hugepages-2048kB/enabled", F_OK))
			set_thp("hugepages-2048kB/enabled", "inherit");
	}
	if (defrag)
		set_thp("defrag", defrag);
	if (!read_text(THP_DIR "/enabled", buf, sizeof(buf)) &&
	    !read_text(THP_DIR "/defrag", buf2, sizeof(buf2)))
		ksft_print_msg("THP enabled %s, defrag %s%s\n", buf, buf2,
			       madvised ? ", MADV_HUGEPAGE" : "");

	mem_kb = replay_meminfo_kb("MemTotal");
	nfiles = (long)(mem_kb * 1024.0 * cache_pct / 100 / FILE_BYTES);
	if (nfiles < readers)
		nfiles = readers;
	anon = (size_t)(mem_kb * 1024.0 * anon_pct / 100);
	len = anon / threads & ~(RANGE - 1);
	if (!len)
		ksft_exit_fail_msg("-s %g%%: less than 2 MiB per thread\n", anon_pct);
	check_dir((double)nfiles * FILE_BYTES);

	pagemap_fd = open("/proc/self/pagemap", O_RDONLY);
	if (pagemap_fd < 0)
		refuse("/proc/self/pagemap: %s\n", strerror(errno));
	kpageflags_fd = open("/proc/kpageflags", O_RDONLY);
	if (kpageflags_fd < 0 && !geteuid())
		refuse("/proc/kpageflags: %s\n", strerror(errno));
	if (kpageflags_fd < 0)
		ksft_print_msg("no /proc/kpageflags (not root): huge pages are not detected\n");

	w = calloc(threads, sizeof(*w));
	if (!w)
		ksft_exit_fail_msg("calloc\n");
	for (t = 0; t < threads; t++) {
		w[t].len = len;
		w[t].n = len / RANGE;
		w[t].ns = calloc(w[t].n, sizeof(long));
		w[t].huge = calloc(w[t].n, 1);
		if (!w[t].ns || !w[t].huge)
			ksft_exit_fail_msg("calloc\n");
	}
	ksft_print_msg("MemTotal %ld MiB: %ld files in %s, %d readers%s; "
		       "%d thread(s) fault %zu MiB each\n", mem_kb >> 10, nfiles, files_dir,
		       readers, keep ? " (reading on)" : "", threads, len >> 20);

	fill();
	fault(w, &res);
	failed = reap_readers();
	if (hist_file)
		write_hist(w);
	if (bench) {
		print_result("", &res);
		if (failed)
			ksft_exit_fail_msg("%d reader(s) failed\n", failed);
		return 0;
	}
	print_result("# ", &res);
	remove_files();
	if (failed)
		ksft_exit_fail_msg("%d reader(s) failed\n", failed);
	ksft_test_result(res.bad == 0, "%ld ranges of 2 MiB faulted and written, %ld wrong\n",
			 res.faults, res.bad);
	ksft_finished();
}
